import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTask } from '#tests/factories/build-task.ts';
import { serveTasks } from '#tests/web-kit/tasks/tasks-handlers.ts';
import { keepPausedWritesFor } from '#web/lib/offline-writes.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { useTaskActions } from '../hooks/use-task-actions.ts';
import { tasksQueryOptions } from './get-tasks.ts';
import { updateTaskWrite } from './update-task.ts';

const MEMBER = 3;

/** A query client as the app makes one for a signed-in member: task writes registered, paused ones kept. */
function appClient() {
  const queryClient = createQueryClient();
  queryClient.setMutationDefaults(updateTaskWrite.mutationKey, updateTaskWrite);
  const stop = keepPausedWritesFor(queryClient, MEMBER);
  return { queryClient, stop };
}

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('a completion made offline', () => {
  it('is kept across a reload with its key, and completes the task once however often it is replayed', async () => {
    const task = buildTask({
      id: 9,
      title: 'Water plants',
      due_date: '2030-06-01',
      repeat: 'FREQ=DAILY;INTERVAL=3',
    });
    const server = serveTasks([task]);

    // Offline: the completion waits, kept in the browser's storage.
    onlineManager.setOnline(false);
    const before = appClient();
    before.queryClient.setQueryData(tasksQueryOptions().queryKey, [task]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={before.queryClient}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(() => useTaskActions(), { wrapper });
    act(() => result.current.moveToColumn(task, 'done'));
    await expect.poll(() => before.queryClient.isMutating()).toBe(1);
    const stored = window.localStorage.getItem(`lumaraOfflineWrites:${MEMBER}`);
    expect(stored).toContain('"occurrence":"2030-06-01"');
    unmount();
    before.stop();

    // Two tabs come back online with the same kept write (or the first answer was lost): both send it.
    onlineManager.setOnline(true);
    for (let tab = 0; tab < 2; tab += 1) {
      if (stored) window.localStorage.setItem(`lumaraOfflineWrites:${MEMBER}`, stored);
      const after = appClient();
      await expect.poll(() => server.requestsTo('/api/tasks/9', 'PUT').length).toBe(tab + 1);
      await expect.poll(() => after.queryClient.isMutating()).toBe(0);
      after.stop();
    }

    const keys = server
      .requestsTo('/api/tasks/9', 'PUT')
      .map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(server.completions()).toEqual([{ id: 9, occurrence: '2030-06-01' }]);
    expect(server.tasks()[0]).toMatchObject({ status: 'todo', due_date: '2030-06-04' });
  });
});
