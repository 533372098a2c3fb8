import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Task } from '#shared/tasks.ts';
import { buildTask } from '#tests/factories/build-task.ts';
import { renderWithProviders } from '#tests/web-kit/tasks/render-tasks.tsx';
import { serveTasks } from '#tests/web-kit/tasks/tasks-handlers.ts';
import { TaskListCard } from './task-list-card.tsx';

const section = (name: string) => screen.getByRole('region', { name });
const titlesIn = (name: string) =>
  within(section(name))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('TaskListCard', () => {
  it('shows the sections To Do, In Progress and Done, each with its tasks in order', async () => {
    serveTasks([
      buildTask({ title: 'Plan', status: 'todo' }),
      buildTask({ title: 'Draft', status: 'doing' }),
      buildTask({ title: 'Pitch', status: 'todo' }),
      buildTask({ title: 'Shipped', status: 'done' }),
    ]);
    renderWithProviders(<TaskListCard />);

    expect(await screen.findByRole('heading', { name: 'Tasks', level: 2 })).toBeInTheDocument();
    await screen.findByText('Plan');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'To Do',
      'In Progress',
      'Done',
    ]);
    expect(titlesIn('To Do')).toEqual(['Plan', 'Pitch']);
    expect(titlesIn('In Progress')).toEqual(['Draft']);
    expect(titlesIn('Done')).toEqual(['Shipped']);
    // No form and no dragging in the list.
    expect(screen.queryByRole('form', { name: 'New task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  });

  it('shows the first 5 done tasks, with "Show all N" and "Show fewer"', async () => {
    const done: Task[] = Array.from({ length: 8 }, (_, index) =>
      buildTask({ title: `Done ${index + 1}`, status: 'done' }),
    );
    serveTasks(done);
    const { user } = renderWithProviders(<TaskListCard />);
    await screen.findByText('Done 1');

    expect(titlesIn('Done')).toEqual(['Done 1', 'Done 2', 'Done 3', 'Done 4', 'Done 5']);
    expect(within(section('Done')).getByText('8 tasks')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show all 8' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(titlesIn('Done')).toHaveLength(8);
    expect(toggle).toHaveTextContent('Show fewer');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggle);
    expect(titlesIn('Done')).toHaveLength(5);
  });

  it('has no "Show all" while 5 or fewer tasks are done', async () => {
    serveTasks(Array.from({ length: 5 }, () => buildTask({ status: 'done' })));
    renderWithProviders(<TaskListCard />);
    await screen.findAllByRole('listitem');
    expect(titlesIn('Done')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it('says when there is nothing to list, and still shows its three sections', async () => {
    serveTasks([]);
    renderWithProviders(<TaskListCard />);
    expect(await screen.findByText('No tasks yet.')).toBeInTheDocument();
    for (const name of ['To Do', 'In Progress', 'Done']) {
      expect(within(section(name)).getByText('Nothing here.')).toBeInTheDocument();
    }
  });

  it('can carry the new-task form too', async () => {
    serveTasks([]);
    renderWithProviders(<TaskListCard showNewTaskForm />);
    expect(await screen.findByText('No tasks yet. Add your first one above.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New task' })).toBeInTheDocument();
  });
});
