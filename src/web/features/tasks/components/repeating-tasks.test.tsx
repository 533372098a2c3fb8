import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTask } from '#tests/factories/build-task.ts';
import { renderWithProviders } from '#tests/web-kit/tasks/render-tasks.tsx';
import { serveTasks } from '#tests/web-kit/tasks/tasks-handlers.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { TasksCard } from './tasks-card.tsx';

const COMPLETED = 'Done. Confetti for discipline, not just dopamine. 🎉';

const column = (name: string) => screen.getByRole('region', { name });
const cardOf = (title: string) =>
  screen.getByRole('button', { name: `Open ${title}` }).closest('[data-task-id]') as HTMLElement;

/** A task repeating every day from 26 December 2030, in progress, with its checklist half done. */
const dailyTask = () =>
  buildTask({
    id: 40,
    title: 'Stretch',
    status: 'doing',
    due_date: '2030-12-26',
    due_time: '07:30',
    repeat: 'FREQ=DAILY',
    repeat_text: 'Every day',
    checklist: [
      { id: 'a', text: 'Neck', done: true },
      { id: 'b', text: 'Back', done: false },
    ],
  });

describe('repeating tasks on the board', () => {
  beforeAll(() => {
    // jsdom has no pointer capture; sonner uses it when a toast is pressed.
    Element.prototype.setPointerCapture ??= () => {};
    Element.prototype.releasePointerCapture ??= () => {};
    Element.prototype.hasPointerCapture ??= () => false;
  });

  afterEach(() => {
    toast.dismiss();
  });

  it('shows the repeat, the due time and the checklist progress on the card', async () => {
    serveTasks([dailyTask()]);
    renderWithProviders(<TasksCard />);
    await screen.findByRole('button', { name: 'Open Stretch' });
    const card = within(cardOf('Stretch'));
    expect(card.getByText('Due Dec 26, 2030, 7:30 AM')).toBeInTheDocument();
    expect(card.getByText('Every day')).toBeInTheDocument();
    expect(card.getByText('1/2')).toBeInTheDocument();
    expect(card.getByText('1 of 2 checklist items done')).toHaveClass('sr-only');
  });

  it('completing one sends its occurrence under a key, brings it back on its next date unchecked, and says when', async () => {
    const server = serveTasks([dailyTask()]);
    const { user } = renderWithProviders(<TasksCard />);
    await user.click(await screen.findByRole('button', { name: 'Stretch is In Progress. Mark as Done' }));

    // Back in To Do at once, its checklist unchecked; the next date comes with the answer.
    expect(within(column('To Do')).getByText('Stretch')).toBeInTheDocument();
    expect(await within(cardOf('Stretch')).findByText('Due Dec 27, 2030, 7:30 AM')).toBeInTheDocument();
    expect(within(cardOf('Stretch')).getByText('0/2')).toBeInTheDocument();
    expect(within(column('Done')).queryByText('Stretch')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stretch is To Do. Mark as In Progress' })).toHaveFocus();

    const [request] = server.requestsTo('/api/tasks/40', 'PUT');
    expect(request?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.bodies('/api/tasks/40', 'PUT')).toEqual([
      { status: 'done', occurrence: '2030-12-26', time_zone: browserTimeZone() },
    ]);
    expect(server.completions()).toEqual([{ id: 40, occurrence: '2030-12-26' }]);

    expect(await screen.findByText('Next: Fri, Dec 27, 2030')).toBeInTheDocument();
    expect(screen.getByText(COMPLETED)).toBeInTheDocument();
    expect(document.querySelectorAll('[data-confetti-piece]')).toHaveLength(60);
  });

  it('Undo reopens the occurrence: back go the date, the status and the checklist, and the completion is taken back', async () => {
    const server = serveTasks([dailyTask()]);
    const { user } = renderWithProviders(<TasksCard />);
    await user.click(await screen.findByRole('button', { name: 'Stretch is In Progress. Mark as Done' }));
    await screen.findByText('Next: Fri, Dec 27, 2030');
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(within(column('In Progress')).getByText('Stretch')).toBeInTheDocument());
    expect(await within(cardOf('Stretch')).findByText('Due Dec 26, 2030, 7:30 AM')).toBeInTheDocument();
    expect(within(cardOf('Stretch')).getByText('1/2')).toBeInTheDocument();
    expect(server.bodies('/api/tasks/40', 'PUT')[1]).toEqual({
      status: 'doing',
      due_date: '2030-12-26',
      checklist: [
        { id: 'a', text: 'Neck', done: true },
        { id: 'b', text: 'Back', done: false },
      ],
      occurrence: '2030-12-26',
      time_zone: browserTimeZone(),
    });
    expect(server.completions()).toEqual([]);
  });

  it('a task whose rule has ended stays done, with the usual message', async () => {
    serveTasks([dailyTask()].map((task) => ({ ...task, repeat: 'FREQ=DAILY;UNTIL=20301226' })));
    const { user } = renderWithProviders(<TasksCard />);
    await user.click(await screen.findByRole('button', { name: 'Stretch is In Progress. Mark as Done' }));

    await waitFor(() => expect(within(column('Done')).getByText('Stretch')).toBeInTheDocument());
    expect(await screen.findByText(COMPLETED)).toBeInTheDocument();
    // Shown in To Do until the answer said otherwise: the keyboard follows it to Done.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Stretch is Done. Mark as To Do' })).toHaveFocus(),
    );
    expect(screen.queryByText(/^Next:/)).not.toBeInTheDocument();
  });

  it('says the next date in Spanish', async () => {
    await activateLanguage('es');
    serveTasks([dailyTask()]);
    const { user } = renderWithProviders(<TasksCard />);
    await user.click(
      await screen.findByRole('button', { name: 'Stretch está en En curso. Marcar como Hecho' }),
    );
    expect(await screen.findByText('Próxima: vie, 27 dic 2030')).toBeInTheDocument();
  });
});

describe('the list view', () => {
  it('shows the repeat on the row, like the card', async () => {
    serveTasks([dailyTask()]);
    const { user } = renderWithProviders(<TasksCard />);
    await user.click(await screen.findByRole('button', { name: 'List' }));
    const section = within(column('In Progress'));
    expect(section.getByText('Every day')).toBeInTheDocument();
    expect(section.getByText('Due Dec 26, 2030, 7:30 AM')).toBeInTheDocument();
  });
});
