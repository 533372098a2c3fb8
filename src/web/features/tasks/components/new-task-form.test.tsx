import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presetLabels } from '#shared/tasks.ts';
import { buildTask } from '#tests/factories/build-task.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { renderWithProviders } from '#tests/web-kit/tasks/render-tasks.tsx';
import { serveTasks } from '#tests/web-kit/tasks/tasks-handlers.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { TasksCard } from './tasks-card.tsx';

async function renderForm(existing = [buildTask({ id: 1, title: 'Older' })]) {
  const server = serveTasks(existing);
  const view = renderWithProviders(<TasksCard />);
  await waitFor(() => expect(screen.queryByText('Loading your tasks')).not.toBeInTheDocument());
  const form = screen.getByRole('form', { name: 'New task' });
  // Labels and the date are behind one toggle; these tests use them.
  await view.user.click(within(form).getByRole('button', { name: /Labels & date/ }));
  return {
    ...view,
    server,
    form,
    title: within(form).getByRole('textbox', { name: 'New task' }),
    customLabel: within(form).getByRole('textbox', { name: 'Custom label' }),
    addTask: within(form).getByRole('button', { name: 'Add task' }),
    addLabel: within(form).getByRole('button', { name: 'Add label' }),
  };
}

const todoTitles = () =>
  within(screen.getByRole('region', { name: 'To Do' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent)
    .filter(Boolean);

describe('NewTaskForm', () => {
  afterEach(() => {
    toast.dismiss();
  });

  it('is one line, the title and Add task, with labels and the date behind a toggle that counts them', async () => {
    serveTasks([]);
    const { user } = renderWithProviders(<TasksCard />);
    const form = await screen.findByRole('form', { name: 'New task' });
    const toggle = within(form).getByRole('button', { name: 'Labels & date' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(form).queryByRole('textbox', { name: 'Custom label' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(form).getByRole('button', { name: 'music' }));
    await user.type(within(form).getByLabelText('Due date (optional)'), '2031-11-30');
    await user.click(toggle);
    expect(within(form).queryByRole('button', { name: 'music' })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Labels & date, 2 chosen' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('sends the title trimmed, shows the task at the top of To Do at once, and empties the field', async () => {
    const { user, server, title } = await renderForm();
    await user.type(title, '   Write the newsletter  {Enter}');

    expect(todoTitles()).toEqual(['Write the newsletter', 'Older']);
    expect(title).toHaveValue('');
    expect(title).toHaveFocus();
    await waitFor(() =>
      expect(server.bodies('/api/tasks', 'POST')).toEqual([{ title: 'Write the newsletter' }]),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit Write the newsletter' })).toBeEnabled(),
    );
  });

  it('names each creation with an Idempotency-Key of its own, so a retry of it can never make a second task', async () => {
    const { user, server, title } = await renderForm();
    await user.type(title, 'First{Enter}');
    await user.type(title, 'Second{Enter}');
    await waitFor(() => expect(server.requestsTo('/api/tasks', 'POST')).toHaveLength(2));
    const keys = server
      .requestsTo('/api/tasks', 'POST')
      .map((request) => request.headers.get('idempotency-key'));
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(2);
  });

  it('ignores an empty or blank title and sends nothing', async () => {
    const { user, server, title, addTask } = await renderForm();
    await user.click(addTask);
    await user.type(title, '     {Enter}');
    await user.click(addTask);

    expect(server.requestsTo('/api/tasks', 'POST')).toEqual([]);
    expect(todoTitles()).toEqual(['Older']);
  });

  it('offers the six preset labels as toggles and sends the ones chosen', async () => {
    const { user, server, form, title } = await renderForm();
    const chips = within(form)
      .getAllByRole('button', { pressed: false })
      .map((button) => button.textContent);
    expect(chips).toEqual([...presetLabels]);

    const music = within(form).getByRole('button', { name: 'music' });
    await user.click(music);
    expect(music).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(form).getByRole('button', { name: 'admin' }));
    await user.click(within(form).getByRole('button', { name: 'wellness' }));
    await user.click(within(form).getByRole('button', { name: 'admin' }));
    await user.type(title, 'Practice{Enter}');

    await waitFor(() =>
      expect(server.bodies('/api/tasks', 'POST')).toEqual([
        { title: 'Practice', labels: ['music', 'wellness'] },
      ]),
    );
    expect(music).toHaveAttribute('aria-pressed', 'false');
  });

  it('adds custom labels trimmed on Enter or with Add label, ignoring empty ones and ones already chosen', async () => {
    const { user, server, form, title, customLabel, addLabel } = await renderForm();
    await user.type(customLabel, '  launch  {Enter}');
    expect(customLabel).toHaveValue('');
    await user.type(customLabel, 'podcast');
    await user.click(addLabel);
    await user.type(customLabel, '   {Enter}');
    await user.click(addLabel);
    await user.type(customLabel, 'launch{Enter}');
    await user.click(within(form).getByRole('button', { name: 'music' }));
    await user.type(customLabel, ' music {Enter}');

    const custom = within(form).getByRole('list', { name: 'Custom labels' });
    expect(
      within(custom)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['launch', 'podcast']);
    // Enter in the label field adds a label; it does not send the task.
    expect(server.requestsTo('/api/tasks', 'POST')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Remove label podcast' }));
    await user.type(title, 'Record{Enter}');
    await waitFor(() =>
      expect(server.bodies('/api/tasks', 'POST')).toEqual([{ title: 'Record', labels: ['launch', 'music'] }]),
    );
    expect(within(form).queryByRole('list', { name: 'Custom labels' })).not.toBeInTheDocument();
  });

  it('sends an optional due date, and shows it on the task', async () => {
    const { user, server, form, title } = await renderForm([]);
    await user.type(within(form).getByLabelText('Due date (optional)'), '2031-11-30');
    await user.type(title, 'Renew passport{Enter}');

    await waitFor(() =>
      expect(server.bodies('/api/tasks', 'POST')).toEqual([
        // A date goes with the member's zone, where the day (and its reminders) fall.
        { title: 'Renew passport', due_date: '2031-11-30', time_zone: browserTimeZone() },
      ]),
    );
    expect(await screen.findByText(/Due Nov 30, 2031/)).toBeInTheDocument();
  });

  it('takes the task away again, puts its title back and says so when the server refuses it', async () => {
    const { user, server, title } = await renderForm();
    server.failNext('POST', /^\/api\/tasks$/);
    await user.type(title, 'Doomed{Enter}');

    expect(await screen.findByText('Could not add that task. Please try again.')).toBeInTheDocument();
    expect(todoTitles()).toEqual(['Older']);
    expect(title).toHaveValue('Doomed');
    expect(takeConsoleErrors()).toEqual(['error: Failed to create task: Something went wrong']);
  });
});

describe('NewTaskForm reading dates and repeats', () => {
  beforeEach(() => {
    // Thursday 17 December 2026, 10:00: only the clock is fixed, so the page's timers still run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 17, 10, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    toast.dismiss();
  });

  const chips = (form: HTMLElement) =>
    within(within(form).getByRole('list', { name: 'Understood from the title' }))
      .getAllByRole('listitem')
      .map((chip) => chip.textContent);

  it('shows what it understood as chips before adding, and adds the title without those words', async () => {
    const { user, server, form, title } = await renderForm([]);
    await user.type(title, 'gym every mon wed 7am');

    expect(await within(form).findByRole('list', { name: 'Understood from the title' })).toBeInTheDocument();
    expect(chips(form)).toEqual(['Starts Mon, Dec 21', '7:00 AM', 'Every Monday and Wednesday']);
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(server.bodies('/api/tasks', 'POST')).toEqual([
        {
          title: 'gym',
          due_date: '2026-12-21',
          due_time: '07:00',
          repeat: 'FREQ=WEEKLY;BYDAY=MO,WE',
          time_zone: browserTimeZone(),
        },
      ]),
    );
    expect(title).toHaveValue('');
    expect(within(form).queryByRole('list', { name: 'Understood from the title' })).not.toBeInTheDocument();
  });

  it('takes a chip away on request: its words stay in the title', async () => {
    const { user, server, form, title } = await renderForm([]);
    await user.type(title, 'call Ana tomorrow 5pm');
    await within(form).findByRole('list', { name: 'Understood from the title' });
    expect(chips(form)).toEqual(['Fri, Dec 18', '5:00 PM']);

    await user.click(within(form).getByRole('button', { name: 'Remove the time' }));
    expect(chips(form)).toEqual(['Fri, Dec 18']);
    expect(title).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(server.bodies('/api/tasks', 'POST')).toEqual([
        { title: 'call Ana 5pm', due_date: '2026-12-18', time_zone: browserTimeZone() },
      ]),
    );
  });

  it('a repeat on its own comes with the date it starts on, which goes with it', async () => {
    const { user, server, form, title } = await renderForm([]);
    await user.type(title, 'pay rent every 1st');
    await within(form).findByRole('list', { name: 'Understood from the title' });
    expect(chips(form)).toEqual(['Starts Fri, Jan 1, 2027', 'Every month on the 1st']);
    // The start follows from the repeat: only the repeat can be taken away.
    expect(within(form).queryByRole('button', { name: 'Remove the date' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Remove the repeat' }));
    expect(within(form).queryByRole('list', { name: 'Understood from the title' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(server.bodies('/api/tasks', 'POST')).toEqual([{ title: 'pay rent every 1st' }]),
    );
  });

  it('reads Spanish, and says what it read in Spanish', async () => {
    await activateLanguage('es');
    const server = serveTasks([]);
    const { user } = renderWithProviders(<TasksCard />);
    const form = await screen.findByRole('form', { name: 'Nueva tarea' });
    const title = within(form).getByRole('textbox', { name: 'Nueva tarea' });
    await user.type(title, 'regar plantas cada 3 días');
    const understood = await within(form).findByRole('list', { name: 'Entendido del título' });
    expect(
      within(understood)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Empieza jue, 17 dic', 'Cada 3 días']);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(server.bodies('/api/tasks', 'POST')).toEqual([
        {
          title: 'regar plantas',
          due_date: '2026-12-17',
          repeat: 'FREQ=DAILY;INTERVAL=3',
          time_zone: browserTimeZone(),
        },
      ]),
    );
    // The task shows at once, its repeat said before the server's words arrive.
    expect(await screen.findByRole('button', { name: 'Abrir regar plantas' })).toBeInTheDocument();
  });
});
