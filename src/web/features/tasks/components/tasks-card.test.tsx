import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTask } from '#tests/factories/build-task.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { FakeEventSource } from '#tests/web-kit/community/fake-event-source.ts';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { renderWithProviders } from '#tests/web-kit/tasks/render-tasks.tsx';
import { serveTasks } from '#tests/web-kit/tasks/tasks-handlers.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { TasksCard } from './tasks-card.tsx';

/** The message shown when a task is completed. */
const TASK_COMPLETED_MESSAGE = 'Done. Confetti for discipline, not just dopamine. 🎉';

const column = (name: string) => screen.getByRole('region', { name });
const titlesIn = (name: string) =>
  within(column(name))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

async function renderCard(tasks = [buildTask({ id: 1, title: 'Buy milk' })]) {
  const server = serveTasks(tasks);
  const view = renderWithProviders(<TasksCard />);
  await screen.findByRole('region', { name: 'To Do' });
  return { ...view, server };
}

describe('TasksCard', () => {
  beforeAll(() => {
    // jsdom has no pointer capture; sonner uses it when a toast is pressed.
    Element.prototype.setPointerCapture ??= () => {};
    Element.prototype.releasePointerCapture ??= () => {};
    Element.prototype.hasPointerCapture ??= () => false;
  });

  // Toasts live in one store for the whole file: each test starts with none.
  afterEach(() => {
    toast.dismiss();
  });

  it('shows a loading state, then the board by default with a count per column and in all', async () => {
    const answer = deferred<Response>();
    server.use(http.get('/api/tasks', () => answer.promise));
    renderWithProviders(<TasksCard />);

    expect(screen.getByRole('heading', { name: 'Your Tasks', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your tasks');
    answer.resolve(
      HttpResponse.json([
        buildTask({ title: 'One', status: 'todo' }),
        buildTask({ title: 'Two', status: 'todo' }),
        buildTask({ title: 'Three', status: 'doing' }),
      ]),
    );

    expect(await screen.findByText('3 tasks in all')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kanban' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(column('To Do')).getByText('2 tasks')).toBeInTheDocument();
    expect(within(column('In Progress')).getByText('1 task')).toBeInTheDocument();
    expect(within(column('Done')).getByText('0 tasks')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move One' })).toHaveAttribute(
      'aria-roledescription',
      'draggable task',
    );
  });

  it('switches to the list view and back', async () => {
    const { user } = await renderCard([buildTask({ title: 'One', status: 'doing' })]);
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Move One' })).not.toBeInTheDocument();
    expect(titlesIn('In Progress')).toEqual(['One']);
    await user.click(screen.getByRole('button', { name: 'Kanban' }));
    expect(screen.getByRole('button', { name: 'Move One' })).toBeInTheDocument();
  });

  it('says when there are no tasks yet, and the board still shows its three columns, the list its three sections', async () => {
    serveTasks([]);
    const { user } = renderWithProviders(<TasksCard />);
    expect(await screen.findByText('No tasks yet. Add your first one above.')).toBeInTheDocument();
    for (const column of ['To Do', 'In Progress', 'Done']) {
      const region = screen.getByRole('region', { name: column });
      expect(within(region).getByText('Drop a task here')).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByText('No tasks yet. Add your first one above.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'To Do',
      'In Progress',
      'Done',
    ]);
    for (const section of ['To Do', 'In Progress', 'Done']) {
      const region = screen.getByRole('region', { name: section });
      expect(within(region).getByText('Nothing here.')).toBeInTheDocument();
      expect(within(region).getByText('0 tasks')).toBeInTheDocument();
    }
  });

  it('says when the tasks cannot be loaded, logs it, and tries again on request', async () => {
    const server = serveTasks([buildTask({ title: 'Back again' })]);
    server.failNext('GET', /^\/api\/tasks$/, () => errorResponse(403, 'forbidden'));
    const { user } = renderWithProviders(<TasksCard />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your tasks.');
    expect(takeConsoleErrors()).toEqual(['error: Failed to load tasks: Something went wrong']);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('cycles the status todo → doing → done → todo, saying what each click does', async () => {
    const { user, server } = await renderCard();

    await user.click(screen.getByRole('button', { name: 'Buy milk is To Do. Mark as In Progress' }));
    expect(titlesIn('In Progress')).toEqual(['Buy milk']);
    await user.click(screen.getByRole('button', { name: 'Buy milk is In Progress. Mark as Done' }));
    expect(titlesIn('Done')).toEqual(['Buy milk']);
    await user.click(await screen.findByRole('button', { name: 'Buy milk is Done. Mark as To Do' }));
    expect(titlesIn('To Do')).toEqual(['Buy milk']);

    await waitFor(() =>
      expect(server.bodies('/api/tasks/1', 'PUT')).toEqual([
        { status: 'doing' },
        { status: 'done' },
        { status: 'todo' },
      ]),
    );
    // The moved task's status button keeps the keyboard focus.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Buy milk is To Do. Mark as In Progress' })).toHaveFocus(),
    );
  });

  it('celebrates a completed task with the message and 60 pieces of confetti', async () => {
    const { user } = await renderCard([buildTask({ id: 1, title: 'Ship it', status: 'doing' })]);
    await user.click(screen.getByRole('button', { name: 'Ship it is In Progress. Mark as Done' }));

    expect(await screen.findByText(TASK_COMPLETED_MESSAGE)).toBeInTheDocument();
    expect(document.querySelectorAll('[data-confetti-piece]')).toHaveLength(60);
  });

  it('edits a title: Enter saves it trimmed', async () => {
    const { user, server } = await renderCard();
    await user.click(screen.getByRole('button', { name: 'Edit Buy milk' }));
    const input = screen.getByRole('textbox', { name: 'New title for Buy milk' });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, '  Buy oat milk  {Enter}');

    expect(screen.getByText('Buy oat milk')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Buy oat milk' })).toHaveFocus();
    await waitFor(() => expect(server.bodies('/api/tasks/1', 'PUT')).toEqual([{ title: 'Buy oat milk' }]));
  });

  it('edits a title: leaving the field saves it', async () => {
    const { user, server } = await renderCard();
    await user.click(screen.getByRole('button', { name: 'Edit Buy milk' }));
    await user.type(screen.getByRole('textbox', { name: 'New title for Buy milk' }), ' today');
    await user.click(screen.getByRole('heading', { name: 'Your Tasks' }));

    expect(screen.getByText('Buy milk today')).toBeInTheDocument();
    await waitFor(() => expect(server.bodies('/api/tasks/1', 'PUT')).toEqual([{ title: 'Buy milk today' }]));
  });

  it('edits a title: Escape cancels, and an empty title is ignored; neither sends anything', async () => {
    const { user, server } = await renderCard();
    await user.click(screen.getByRole('button', { name: 'Edit Buy milk' }));
    await user.type(screen.getByRole('textbox', { name: 'New title for Buy milk' }), ' and bread{Escape}');
    expect(screen.getByText('Buy milk')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New title for Buy milk' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Buy milk' }));
    await user.clear(screen.getByRole('textbox', { name: 'New title for Buy milk' }));
    await user.keyboard('   {Enter}');
    expect(screen.getByText('Buy milk')).toBeInTheDocument();
    expect(server.requestsTo('/api/tasks/1', 'PUT')).toEqual([]);
  });

  it('deletes at once with a 6-second Undo toast; Undo restores the task at the top of its column', async () => {
    const { user, server } = await renderCard([
      buildTask({ id: 1, title: 'First' }),
      buildTask({ id: 2, title: 'Second' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete Second' }));

    expect(screen.queryByText('Second')).not.toBeInTheDocument();
    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    expect(server.requestsTo('/api/tasks/2', 'DELETE')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Second', 'First']));
    expect(server.bodies('/api/tasks/restore', 'POST')).toEqual([{ id: 2 }]);
    await waitFor(() => expect(server.tasks().map((task) => task.title)).toEqual(['Second', 'First']));
  });

  it('takes a task away again when its restore is refused', async () => {
    const { user, server } = await renderCard([
      buildTask({ id: 1, title: 'First' }),
      buildTask({ id: 2, title: 'Second' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete Second' }));
    await screen.findByText('Task deleted');
    server.failNext('POST', /^\/api\/tasks\/restore$/);
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Could not restore that task. Please try again.')).toBeInTheDocument();
    expect(titlesIn('To Do')).toEqual(['First']);
    expect(takeConsoleErrors()).toEqual(['error: Failed to restore task 2: Something went wrong']);
  });

  it('rolls a refused change back, says so in a toast, and logs it', async () => {
    const { user, server } = await renderCard();
    server.failNext('PUT', /^\/api\/tasks\/1$/);
    await user.click(screen.getByRole('button', { name: 'Buy milk is To Do. Mark as In Progress' }));

    expect(await screen.findByText('Could not save that change. Please try again.')).toBeInTheDocument();
    expect(titlesIn('To Do')).toEqual(['Buy milk']);
    expect(titlesIn('In Progress')).toEqual([]);
    expect(screen.queryByText(TASK_COMPLETED_MESSAGE)).not.toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual(['error: Failed to update task 1: Something went wrong']);
  });

  it('brings a task back when the server refuses to delete it', async () => {
    const { user, server } = await renderCard();
    server.failNext('DELETE', /^\/api\/tasks\/1$/, () =>
      errorResponse(404, 'not_found', 'That task was not found'),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Buy milk' }));

    expect(await screen.findByText('Could not delete that task. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Buy milk')).toBeInTheDocument();
    expect(screen.queryByText('Task deleted')).not.toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual(['error: Failed to delete task 1: That task was not found']);
  });

  it('shows the labels and the due date of a task, marking an overdue one', async () => {
    await renderCard([
      buildTask({ title: 'Invoice', labels: ['clients', 'admin'], due_date: '2020-01-15' }),
      buildTask({ title: 'Paid', status: 'done', due_date: '2020-01-15' }),
    ]);
    const labels = screen.getByRole('list', { name: 'Labels of Invoice' });
    expect(
      within(labels)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['clients', 'admin']);
    const due = screen.getAllByText(/Due Jan 15, 2020/);
    expect(due[0]?.parentElement).toHaveTextContent('Due Jan 15, 2020 · Overdue');
    // A done task is not overdue.
    expect(due[1]?.parentElement).not.toHaveTextContent('Overdue');
  });

  it('speaks Spanish once the member switches: column names, counts as plurals, the status button, the toast', async () => {
    const { user, server } = await renderCard([
      buildTask({ id: 1, title: 'Comprar leche', due_date: '2020-01-15' }),
      buildTask({ id: 2, title: 'Llamar', status: 'doing' }),
      buildTask({ id: 3, title: 'Enviar', status: 'doing' }),
    ]);
    await act(() => activateLanguage('es'));

    expect(screen.getByRole('heading', { name: 'Tus tareas', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('3 tareas en total')).toBeInTheDocument();
    expect(within(column('Por hacer')).getByText('1 tarea')).toBeInTheDocument();
    expect(within(column('En curso')).getByText('2 tareas')).toBeInTheDocument();
    expect(within(column('Hecho')).getByText('0 tareas')).toBeInTheDocument();
    expect(within(column('Hecho')).getByText('Suelta una tarea aquí')).toBeInTheDocument();
    expect(screen.getByText('Vence el 15 ene 2020').parentElement).toHaveTextContent(
      'Vence el 15 ene 2020 · Vencida',
    );
    expect(screen.getByRole('button', { name: 'Mover Comprar leche' })).toHaveAttribute(
      'aria-roledescription',
      'tarea arrastrable',
    );

    await user.click(screen.getByRole('button', { name: 'Eliminar Comprar leche' }));
    expect(await screen.findByText('Tarea eliminada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(server.bodies('/api/tasks/restore', 'POST')).toEqual([{ id: 1 }]));
    await user.click(
      await screen.findByRole('button', { name: 'Comprar leche está en Por hacer. Marcar como En curso' }),
    );
    expect(within(column('En curso')).getByText('3 tareas')).toBeInTheDocument();
  });

  it('shows a change made elsewhere (a reminder’s Done, another device) when the live stream says tasks changed', async () => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
    try {
      await renderCard([buildTask({ id: 1, title: 'Buy milk' })]);
      expect(titlesIn('To Do')).toEqual(['Buy milk']);
      // Done pressed on a notification, with this page open: the server's list has moved on.
      server.use(
        http.get('/api/tasks', () =>
          HttpResponse.json([buildTask({ id: 1, title: 'Buy milk', status: 'done' })]),
        ),
      );
      act(() => {
        FakeEventSource.current()?.emit('tasks.changed', {});
      });
      await waitFor(() => expect(titlesIn('Done')).toEqual(['Buy milk']));
      expect(titlesIn('To Do')).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
