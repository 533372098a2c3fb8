import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { useLiveEvents } from '#web/lib/live-events.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { type TimerActionVariables, timerActionWrite } from '../api/act-on-timer.ts';
import { keepNewestTimer, timerQueryKey, timerQueryOptions } from '../api/get-timer.ts';
import { pomodoroWriteKey } from '../api/pomodoro-writes.ts';
import { unlockAudio } from '../audio/audio-context.ts';
import { playChime } from '../audio/chime.ts';
import { PomodoroTimerContext, type PomodoroTimerControls } from '../hooks/use-pomodoro-timer.ts';
import { notifyPomodoroComplete } from '../model/completion-notification.ts';
import { canStart } from '../model/countdown.ts';
import {
  countdownOf,
  IDLE_TIMER,
  runKeyOf,
  type TimerActionName,
  timerWithActions,
} from '../model/shared-timer.ts';
import { readStoredTimer, storeTimer } from '../model/timer-storage.ts';

/**
 * A run another device completed reads as completed here too when it was this close to its end: its live event
 * can arrive a moment before this tab's own tick reaches 0.
 */
const NEAR_END_MS = 1_500;

/**
 * The member's one timer for the whole tab (mounted once, in the app shell): the card, the floating widget, /focus
 * and the picture-in-picture window all read it and act through it. It reads `GET /api/pomodoro/timer`, keeps
 * the newest version of the answers, its own actions' answers and the `pomodoro.timer` live events, counts down
 * locally from `ends_at` (no polling), and applies its own unanswered actions on top, so they show at once and
 * offline too (kept and sent later by the app's offline writes). At 0 this tab chimes, notifies when permitted,
 * and completes the run; every tab that sees the end does, and the server completes it once.
 */
export function PomodoroTimerProvider({ memberId, children }: { memberId: number; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [stored] = useState(() => readStoredTimer(memberId));
  const { data: serverTimer = IDLE_TIMER } = useQuery({
    ...timerQueryOptions(queryClient),
    // What this browser last knew, shown at once (and offline); read again from the server all the same.
    initialData: stored?.timer,
    initialDataUpdatedAt: 0,
  });
  const unanswered = useMutationState({
    filters: { mutationKey: pomodoroWriteKey('timer'), status: 'pending' },
    select: (mutation) => mutation.state.variables as TimerActionVariables | undefined,
  });
  const timer = useMemo(
    () =>
      timerWithActions(
        serverTimer,
        unanswered.filter((action) => action !== undefined),
      ),
    [serverTimer, unanswered],
  );
  const { mutate } = useMutation(timerActionWrite);

  useLiveEvents({
    onEvent: (event) => {
      if (event.type === 'pomodoro.timer') keepNewestTimer(queryClient, event.data);
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: timerQueryKey }),
  });

  // The run this tab saw reach 0, kept across a reload: the texts stay until Reset or the next run, and a run
  // whose completion is still waiting (offline) is not completed a second time when the page comes back.
  const [finishedRun, setFinishedRun] = useState<string | null>(stored?.finishedRun ?? null);
  const handledRuns = useRef(new Set(stored?.finishedRun ? [stored.finishedRun] : []));
  const completionListeners = useRef(new Set<() => void>());

  const endsAt = timer.state === 'running' && timer.ends_at ? Date.parse(timer.ends_at) : null;
  useTicks(endsAt);
  const countdown = countdownOf(timer, finishedRun !== null, Date.now());
  const runKey = runKeyOf(timer);

  const finishRun = useCallback((key: string) => {
    handledRuns.current.add(key);
    setFinishedRun(key);
    playChime();
    notifyPomodoroComplete();
    for (const listener of completionListeners.current) listener();
  }, []);

  // This tab's clock reached the end: it completes the run (dated at its end, however late the tab woke).
  const reachedEnd = timer.state === 'running' && countdown.status === 'complete';
  useEffect(() => {
    if (!reachedEnd || runKey === null || endsAt === null || handledRuns.current.has(runKey)) return;
    finishRun(runKey);
    mutate({ action: 'complete', madeAt: endsAt, ...sessionOf(timer) });
  }, [reachedEnd, runKey, endsAt, timer, finishRun, mutate]);

  // Another device completed the run just before this tab's tick did: it ends here too.
  const previous = useRef(timer);
  useEffect(() => {
    const before = previous.current;
    previous.current = timer;
    if (before.state !== 'running' || timer.state !== 'idle' || !before.ends_at) return;
    const key = runKeyOf(before);
    if (key === null || handledRuns.current.has(key)) return;
    if (Date.parse(before.ends_at) > Date.now() + NEAR_END_MS) return;
    finishRun(key);
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    void queryClient.invalidateQueries({ queryKey: queryKeys.badges });
  }, [timer, finishRun, queryClient]);

  // A new run (here or on another device) puts the completion texts away.
  useEffect(() => {
    if (runKey !== null && !handledRuns.current.has(runKey)) setFinishedRun(null);
  }, [runKey]);

  useEffect(() => {
    storeTimer(memberId, { timer: serverTimer, finishedRun });
  }, [memberId, serverTimer, finishedRun]);

  const act = useCallback(
    (action: TimerActionName, extra: Partial<TimerActionVariables> = {}) =>
      mutate({ action, madeAt: Date.now(), ...sessionOf(timer), ...extra }),
    [mutate, timer],
  );

  const start = useCallback(() => {
    // The click is what allows the chime to be heard 25 minutes from now.
    unlockAudio();
    if (!canStart(countdown)) return;
    if (timer.state === 'paused') {
      act('resume');
      return;
    }
    setFinishedRun(null);
    act('start', { idempotencyKey: crypto.randomUUID(), timeZone: browserTimeZone() });
  }, [act, countdown, timer.state]);

  const pause = useCallback(() => {
    if (countdown.status === 'running') act('pause');
  }, [act, countdown.status]);

  const reset = useCallback(() => {
    setFinishedRun(null);
    if (timer.state !== 'idle') act('reset');
  }, [act, timer.state]);

  const onComplete = useCallback((listener: () => void) => {
    completionListeners.current.add(listener);
    return () => {
      completionListeners.current.delete(listener);
    };
  }, []);

  const controls: PomodoroTimerControls = { timer, countdown, start, pause, reset, onComplete };
  return <PomodoroTimerContext value={controls}>{children}</PomodoroTimerContext>;
}

/** The run an action is meant for, when the server has named it. */
function sessionOf(timer: { session_id: number | null }): { sessionId?: number } {
  return timer.session_id === null ? {} : { sessionId: timer.session_id };
}

/**
 * Renders again as each whole second of time left begins while the timer runs, and whenever the tab becomes
 * visible again: browsers throttle timers in background tabs to once a minute or stop them.
 */
function useTicks(endsAt: number | null): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (endsAt === null) return;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    function tick() {
      clearTimeout(timeout);
      setTick((count) => count + 1);
      const left = endsAt === null ? 0 : endsAt - Date.now();
      if (left <= 0) return;
      timeout = setTimeout(tick, left % 1000 || 1000);
    }
    tick();
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearTimeout(timeout);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [endsAt]);
}
