import { useCallback, useRef } from 'react';
import { type RecordedRun, useCompletePomodoro } from '../api/complete-pomodoro.ts';
import { useStartPomodoro } from '../api/start-pomodoro.ts';

/** Where a timer keeps its recorded run beyond a reload (the floating widget); none for the card. */
export type RecordedRunStore = { read: () => RecordedRun | null; write: (run: RecordedRun | null) => void };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's record of one focus run: `begin` posts the session when a timer starts (not when it resumes),
 * `finish` marks it complete at 0, `discard` forgets it on Reset. Both writes wait while offline and are kept
 * across a reload (lib/offline-writes.ts); the completion names the run by its start's key, so it needs no
 * answer from the start to be sent. Failures are only logged: the timer never waits for the server.
 */
export function usePomodoroSession(store?: RecordedRunStore) {
  const { mutateAsync: start } = useStartPomodoro();
  const { mutateAsync: complete } = useCompletePomodoro();
  const current = useRef<RecordedRun | null>(null);

  const begin = useCallback(() => {
    const run: RecordedRun = { startKey: crypto.randomUUID(), id: null };
    current.current = run;
    store?.write(run);
    start({ idempotencyKey: run.startKey }).then(
      (session) => {
        run.id = session.id;
        if (current.current === run) store?.write(run);
      },
      (error: unknown) => {
        console.error(`Failed to record the pomodoro session: ${messageOf(error)}`);
        // The server refused the start: there is no session to complete (a start still waiting is not refused).
        if (current.current === run) {
          current.current = null;
          store?.write(null);
        }
      },
    );
  }, [start, store]);

  const finish = useCallback(async () => {
    const run = current.current ?? store?.read() ?? null;
    current.current = null;
    store?.write(null);
    if (run === null) return;
    try {
      await complete({ ...run });
    } catch (error) {
      console.error(`Failed to complete the pomodoro session: ${messageOf(error)}`);
    }
  }, [complete, store]);

  const discard = useCallback(() => {
    current.current = null;
    store?.write(null);
  }, [store]);

  return { begin, finish, discard };
}
