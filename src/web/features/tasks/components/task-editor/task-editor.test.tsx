import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '#shared/tasks.ts';
import { buildTask } from '#tests/factories/build-task.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { renderWithProviders } from '#tests/web-kit/tasks/render-tasks.tsx';
import { serveTasks } from '#tests/web-kit/tasks/tasks-handlers.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { TasksCard } from '../tasks-card.tsx';

const zone = browserTimeZone();

async function openEditor(task: Task, others: Task[] = []) {
  const server = serveTasks([task, ...others]);
  const view = renderWithProviders(<TasksCard />);
  await view.user.click(await screen.findByRole('button', { name: `Open ${task.title}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
  return { ...view, server, dialog, inDialog: within(dialog) };
}

const putBodies = (server: ReturnType<typeof serveTasks>, id: number) =>
  server.bodies(`/api/tasks/${id}`, 'PUT');

describe('the task editor', () => {
  afterEach(() => {
    toast.dismiss();
  });

  it('opens from the title with the task in its fields, its title focused, and closes on Cancel giving focus back', async () => {
    const task = buildTask({
      id: 5,
      title: 'Pay rent',
      notes: 'Landlord: Ana',
      due_date: '2031-01-01',
      due_time: '09:30',
      repeat: 'FREQ=MONTHLY;BYMONTHDAY=1',
      repeat_text: 'Every month on the 1st',
      checklist: [{ id: 'a', text: 'Transfer', done: true }],
      reminders: [{ before_minutes: 60 }],
      labels: ['admin'],
    });
    const { user, inDialog } = await openEditor(task);

    expect(inDialog.getByLabelText('Title')).toHaveValue('Pay rent');
    expect(inDialog.getByLabelText('Title')).toHaveFocus();
    expect(inDialog.getByLabelText('Notes')).toHaveValue('Landlord: Ana');
    expect(inDialog.getByLabelText('Date')).toHaveValue('2031-01-01');
    expect(inDialog.getByLabelText(/^Time/)).toHaveValue('09:30');
    expect(inDialog.getByLabelText('Repeat')).toHaveDisplayValue('Every month on the 1st');
    expect(inDialog.getByLabelText('The next date counts from')).toHaveDisplayValue('The due date');
    expect(inDialog.getByRole('checkbox', { name: 'Done: Transfer' })).toBeChecked();
    expect(inDialog.getByText('1 hour before')).toBeInTheDocument();
    expect(inDialog.getByRole('button', { name: 'admin' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(inDialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Pay rent' })).toHaveFocus();
  });

  it('saves only what changed, with the member’s zone, and the card shows the repeat, the time and the checklist', async () => {
    const task = buildTask({ id: 6, title: 'Water plants', due_date: '2031-03-14' });
    const { user, server, inDialog } = await openEditor(task);

    await user.type(inDialog.getByLabelText('Notes'), 'The fern first');
    await user.type(inDialog.getByLabelText(/^Time/), '18:00');
    // 14 March 2031 is a Friday: the presets are named after it.
    await user.selectOptions(inDialog.getByLabelText('Repeat'), 'Every Friday');
    await user.selectOptions(inDialog.getByLabelText('The next date counts from'), 'The day I complete it');
    const newItem = inDialog.getByRole('textbox', { name: 'New checklist item' });
    await user.type(newItem, 'Fern{Enter}Cactus{Enter}  {Enter}');
    await user.click(inDialog.getByRole('checkbox', { name: 'Done: Fern' }));
    await user.selectOptions(inDialog.getByLabelText('Add a reminder'), '10 minutes before');
    await user.click(inDialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(putBodies(server, 6)).toEqual([
      {
        notes: 'The fern first',
        due_time: '18:00',
        repeat: 'FREQ=WEEKLY;BYDAY=FR',
        repeat_from: 'completion',
        checklist: [
          { text: 'Fern', done: true },
          { text: 'Cactus', done: false },
        ],
        reminders: [{ before_minutes: 10 }],
        time_zone: zone,
      },
    ]);
    const card = screen
      .getByRole('button', { name: 'Open Water plants' })
      .closest('[data-task-id]') as HTMLElement;
    expect(within(card).getByText('Due Mar 14, 2031, 6:00 PM')).toBeInTheDocument();
    expect(await within(card).findByText('Every week on Friday')).toBeInTheDocument();
    expect(within(card).getByText('1 of 2 checklist items done')).toBeInTheDocument();
    expect(within(card).getByText('1/2')).toBeInTheDocument();
  });

  it('closes at once and sends nothing when nothing changed', async () => {
    const { user, server, inDialog } = await openEditor(buildTask({ id: 7, title: 'Same' }));
    await user.click(inDialog.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(putBodies(server, 7)).toEqual([]);
  });

  it('builds a custom rule: every 2 weeks on Monday and Wednesday, 5 times, and says it in words', async () => {
    const { user, server, inDialog } = await openEditor(
      buildTask({ id: 8, title: 'Swim', due_date: '2031-03-14' }),
    );
    await user.selectOptions(inDialog.getByLabelText('Repeat'), 'Custom…');
    const every = inDialog.getByLabelText('Every');
    await user.clear(every);
    await user.type(every, '2');
    // The date's own weekday starts chosen; the member picks Monday and Wednesday instead.
    expect(inDialog.getByRole('button', { name: 'Friday' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(inDialog.getByRole('button', { name: 'Monday' }));
    await user.click(inDialog.getByRole('button', { name: 'Wednesday' }));
    await user.click(inDialog.getByRole('button', { name: 'Friday' }));
    expect(inDialog.getByRole('button', { name: 'Friday' })).toHaveAttribute('aria-pressed', 'false');
    await user.selectOptions(inDialog.getByLabelText('Ends'), 'After a number of times');
    const times = inDialog.getByLabelText('Times');
    await user.clear(times);
    await user.type(times, '5');
    expect(inDialog.getByText('Repeats: Every 2 weeks on Monday and Wednesday, 5 times')).toBeInTheDocument();
    await user.click(inDialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(putBodies(server, 8)).toEqual([
        { repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=5', time_zone: zone },
      ]),
    );
  });

  it('builds a monthly rule by weekday: the last Friday', async () => {
    const { user, server, inDialog } = await openEditor(
      buildTask({ id: 9, title: 'Review', due_date: '2031-03-14' }),
    );
    await user.selectOptions(inDialog.getByLabelText('Repeat'), 'Custom…');
    await user.selectOptions(inDialog.getByLabelText('Unit'), 'month');
    await user.selectOptions(inDialog.getByLabelText('On'), 'A weekday of the month');
    await user.selectOptions(inDialog.getByLabelText('Which'), 'last');
    await user.selectOptions(inDialog.getByLabelText('Weekday'), 'Friday');
    expect(inDialog.getByText('Repeats: Every last Friday of the month')).toBeInTheDocument();
    await user.click(inDialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(putBodies(server, 9)).toEqual([{ repeat: 'FREQ=MONTHLY;BYDAY=-1FR', time_zone: zone }]),
    );
  });

  it('reorders, checks and removes checklist items from the keyboard, keeping the focus on the item moved', async () => {
    const task = buildTask({
      id: 10,
      title: 'Pack',
      checklist: [
        { id: 'a', text: 'Passport', done: false },
        { id: 'b', text: 'Charger', done: false },
        { id: 'c', text: 'Socks', done: true },
      ],
    });
    const { user, server, inDialog } = await openEditor(task);
    const itemTexts = () =>
      inDialog
        .getAllByRole('textbox', { name: /^Checklist item/ })
        .map((input) => (input as HTMLInputElement).value);

    inDialog.getByRole('button', { name: 'Move Socks up' }).focus();
    await user.keyboard('{Enter}');
    expect(itemTexts()).toEqual(['Passport', 'Socks', 'Charger']);
    expect(inDialog.getByRole('button', { name: 'Move Socks up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(itemTexts()).toEqual(['Socks', 'Passport', 'Charger']);
    // At the top its Up button is off: the keyboard stays on the item.
    expect(inDialog.getByRole('button', { name: 'Move Socks up' })).toBeDisabled();
    expect(inDialog.getByRole('textbox', { name: 'Checklist item 1' })).toHaveFocus();

    inDialog.getByRole('checkbox', { name: 'Done: Passport' }).focus();
    await user.keyboard(' ');
    await user.click(inDialog.getByRole('button', { name: 'Remove Charger' }));
    expect(itemTexts()).toEqual(['Socks', 'Passport']);
    expect(inDialog.getByText('2 of 2 checklist items done')).toBeInTheDocument();
    await user.click(inDialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(putBodies(server, 10)).toEqual([
        {
          checklist: [
            { id: 'c', text: 'Socks', done: true },
            { id: 'a', text: 'Passport', done: true },
          ],
        },
      ]),
    );
  });

  it('adds reminders from the presets and a custom one, at most 5', async () => {
    const { user, server, inDialog } = await openEditor(
      buildTask({ id: 11, title: 'Call', due_date: '2031-03-14' }),
    );
    const add = inDialog.getByLabelText('Add a reminder');
    for (const preset of ['At the due time', '5 minutes before', '1 day before', '30 minutes before']) {
      await user.selectOptions(add, preset);
    }
    await user.selectOptions(add, 'Custom…');
    const amount = inDialog.getByLabelText('How many');
    await user.clear(amount);
    await user.type(amount, '3');
    await user.selectOptions(inDialog.getByLabelText('Before'), 'hours');
    await user.click(inDialog.getByRole('button', { name: 'Add reminder' }));
    expect(inDialog.getByText('3 hours before')).toBeInTheDocument();
    expect(add).toBeDisabled();
    await user.click(inDialog.getByRole('button', { name: 'Remove reminder 5 minutes before' }));
    await user.click(inDialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(putBodies(server, 11)).toEqual([
        {
          reminders: [
            { before_minutes: 0 },
            { before_minutes: 30 },
            { before_minutes: 180 },
            { before_minutes: 1440 },
          ],
          time_zone: zone,
        },
      ]),
    );
  });

  it('says by the field what needs a date, and sends nothing', async () => {
    const { user, server, inDialog } = await openEditor(buildTask({ id: 12, title: 'Someday' }));
    expect(inDialog.getByLabelText('Repeat')).toBeDisabled();
    expect(inDialog.getByText('Choose a date to repeat the task.')).toBeInTheDocument();
    await user.type(inDialog.getByLabelText(/^Time/), '07:15');
    await user.clear(inDialog.getByLabelText('Title'));
    await user.click(inDialog.getByRole('button', { name: 'Save' }));

    expect(inDialog.getByLabelText(/^Time/)).toHaveAccessibleDescription(/Choose a date first/);
    expect(inDialog.getByLabelText('Title')).toHaveAccessibleDescription('Type a title');
    expect(putBodies(server, 12)).toEqual([]);
  });

  it('shows what the server refuses by the field it names, and stays open', async () => {
    const { user, server, inDialog } = await openEditor(
      buildTask({ id: 13, title: 'Odd', due_date: '2031-03-14' }),
    );
    server.failNext('PUT', /^\/api\/tasks\/13$/, () =>
      errorResponse(400, 'validation_failed', 'Check the fields', { repeat: 'That rule never occurs' }),
    );
    await user.selectOptions(inDialog.getByLabelText('Repeat'), 'Every day');
    await user.click(inDialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(inDialog.getByLabelText('Repeat')).toHaveAccessibleDescription('That rule never occurs'),
    );
    expect(screen.getByRole('dialog', { name: 'Edit task' })).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual(['error: Failed to update task 13: Check the fields']);
  });

  it('speaks Spanish', async () => {
    await activateLanguage('es');
    const task = buildTask({ id: 14, title: 'Regar', due_date: '2031-03-28' });
    serveTasks([task]);
    const { user } = renderWithProviders(<TasksCard />);
    await user.click(await screen.findByRole('button', { name: 'Abrir Regar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar tarea' }));
    const options = within(dialog.getByLabelText('Repetir'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    // 28 March 2031 is the fourth and the last Friday of its month.
    expect(options).toEqual([
      'No se repite',
      'Cada día',
      'Cada día laborable',
      'Cada viernes',
      'Cada mes, el día 28',
      'Cada cuarto viernes del mes',
      'Cada último viernes del mes',
      'Cada año, el 28 de marzo',
      'Personalizada…',
    ]);
  });
});
