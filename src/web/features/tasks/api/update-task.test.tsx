import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Task } from '#shared/tasks.ts';
import { buildTask } from '#tests/factories/build-task.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { tasksQueryOptions, useTasks } from './get-tasks.ts';
import { useUpdateTask } from './update-task.ts';

const { queryKey } = tasksQueryOptions();

/** The update mutation beside a subscriber of the list (the board), over a cache holding `tasks`. */
function renderUpdate(tasks: Task[]) {
  const queryClient: QueryClient = createQueryClient();
  queryClient.setQueryData(queryKey, tasks);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => ({ update: useUpdateTask(), list: useTasks() }), { wrapper });
  return { queryClient, result };
}

/** Serves the list, counting its reads and holding each until the test lets it go, and holds the PUT likewise. */
function serveList(list: () => Task[]) {
  const reads = { count: 0 };
  let letReadsGo = () => {};
  const readsMayGo = new Promise<void>((resolve) => {
    letReadsGo = resolve;
  });
  let answerPut: (answer: Response) => void = () => {};
  const putAnswer = new Promise<Response>((resolve) => {
    answerPut = resolve;
  });
  server.use(
    http.get('/api/tasks', async () => {
      reads.count += 1;
      await readsMayGo;
      return HttpResponse.json(list());
    }),
    http.put('/api/tasks/:id', () => putAnswer),
  );
  return { reads, answerPut, answerReads: letReadsGo };
}

describe('a board drop through useUpdateTask', () => {
  const a = buildTask({ id: 1, title: 'A', status: 'todo', position: 0 });
  const b = buildTask({ id: 2, title: 'B', status: 'doing', position: 0 });

  it('is in the cache before mutate returns, the answer replaces it, and the list is read again once settled', async () => {
    const saved: Task = { ...a, status: 'doing', position: -1 };
    const { reads, answerPut, answerReads } = serveList(() => [saved, b]);
    const { queryClient, result } = renderUpdate([a, b]);

    act(() => {
      result.current.update.mutate({ task: a, changes: { status: 'doing' } });
      // Synchronously: the render that ends a drag reads this (task-board.tsx).
      expect(queryClient.getQueryData(queryKey)).toEqual([{ ...a, status: 'doing', position: -1 }, b]);
    });
    expect(reads.count).toBe(0);

    const answered: Task = { ...saved, title: 'A, as saved' };
    answerPut(HttpResponse.json(answered));
    await waitFor(() => expect(reads.count).toBe(1));
    expect(queryClient.getQueryData(queryKey)).toEqual([answered, b]);

    answerReads();
    await waitFor(() => expect(result.current.list.data).toEqual([saved, b]));
  });

  it('rolls a refused drop back and reads the list again', async () => {
    const { reads, answerPut, answerReads } = serveList(() => [a, b]);
    answerReads();
    const { queryClient, result } = renderUpdate([a, b]);

    act(() => result.current.update.mutate({ task: a, changes: { status: 'doing' } }));
    answerPut(
      HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: 500 }),
    );

    await waitFor(() => expect(result.current.update.isError).toBe(true));
    expect(queryClient.getQueryData(queryKey)).toEqual([a, b]);
    await waitFor(() => expect(reads.count).toBe(1));
    expect(takeConsoleErrors()).toEqual(['error: Failed to update task 1: Something went wrong']);
  });
});
