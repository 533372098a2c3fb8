import { useCallback, useRef } from 'react';
import { useCompletePomodoro } from '../api/complete-pomodoro.ts';
import { useStartPomodoro } from '../api/start-pomodoro.ts';

/** Where a timer keeps the id of its recorded session beyond a reload (the floating widget); none for the card. */
export type SessionIdStore = { read: () => number | null; write: (id: number | null) => void };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's record of one focus run: `begin` posts the session when a timer starts (not when it resumes),
 * `finish` marks it complete at 0 with the id that post answered, `discard` forgets it on Reset. Failures are
 * only logged (part 1 §7, §8): the timer itself never waits for the server.
 */
export function usePomodoroSession(store?: SessionIdStore) {
  const { mutateAsync: start } = useStartPomodoro();
  const { mutateAsync: complete } = useCompletePomodoro();
  // The id of the run under way, as a promise: the run may finish before its POST has answered.
  const pending = useRef<Promise<number | null> | null>(null);

  const begin = useCallback(() => {
    store?.write(null);
    const run: Promise<number | null> = start({ idempotencyKey: crypto.randomUUID() }).then(
      (session) => {
        if (pending.current === run) store?.write(session.id);
        return session.id;
      },
      (error: unknown) => {
        console.error(`Failed to record the pomodoro session: ${messageOf(error)}`);
        return null;
      },
    );
    pending.current = run;
  }, [start, store]);

  const finish = useCallback(async () => {
    const run = pending.current;
    pending.current = null;
    const id = run ? await run : (store?.read() ?? null);
    store?.write(null);
    if (id === null) return;
    try {
      await complete(id);
    } catch (error) {
      console.error(`Failed to complete the pomodoro session: ${messageOf(error)}`);
    }
  }, [complete, store]);

  const discard = useCallback(() => {
    pending.current = null;
    store?.write(null);
  }, [store]);

  return { begin, finish, discard };
}
