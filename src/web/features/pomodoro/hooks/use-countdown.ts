import { useCallback, useEffect, useRef, useState } from 'react';
import { POMODORO } from '#shared/pomodoro.ts';
import {
  type Countdown,
  idleCountdown,
  millisecondsLeft,
  pauseCountdown,
  resetCountdown,
  startCountdown,
  syncCountdown,
} from '../model/countdown.ts';

type UseCountdownOptions = {
  durationSeconds?: number;
  tickMs?: number;
  /** Where to begin, e.g. a countdown restored from storage. Read once, on mount. */
  initial?: () => Countdown;
  /** Called once, when a running countdown reaches 0 (also when it ended while the page was away). */
  onComplete?: () => void;
};

export type StartOutcome = 'started' | 'resumed' | 'refused';

/**
 * A countdown that ticks every second but reads its time left from the clock (`endsAt − Date.now()`), on every
 * tick and whenever the tab becomes visible again: browsers throttle timers in background tabs to once a minute
 * or stop them, and a counted-down number would then run slow.
 */
export function useCountdown({
  durationSeconds = POMODORO.durationSeconds,
  tickMs = POMODORO.tickMs,
  initial,
  onComplete,
}: UseCountdownOptions = {}) {
  const [countdown, setCountdown] = useState<Countdown>(() => initial?.() ?? idleCountdown(durationSeconds));
  // The latest countdown for the event handlers and timers below, which must not wait for a render.
  const current = useRef(countdown);
  const onCompleteRef = useRef(onComplete);
  useEffect(() => {
    onCompleteRef.current = onComplete;
  });

  const commit = useCallback((next: Countdown) => {
    const previous = current.current;
    if (next === previous) return;
    current.current = next;
    setCountdown(next);
    if (next.status === 'complete' && previous.status === 'running') onCompleteRef.current?.();
  }, []);

  const running = countdown.status === 'running';
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    function tick() {
      clearTimeout(timer);
      const next = syncCountdown(current.current, Date.now());
      commit(next);
      if (next.status !== 'running') return;
      // Wake when the next whole second of time left begins, so the display turns over on time.
      timer = setTimeout(tick, millisecondsLeft(next, Date.now()) % tickMs || tickMs);
    }
    // At once too: a countdown restored after a reload may have ended while the page was closed.
    tick();
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [running, commit, tickMs]);

  const start = useCallback((): StartOutcome => {
    const previous = current.current;
    const next = startCountdown(previous, Date.now());
    if (next === previous) return 'refused';
    commit(next);
    return previous.status === 'paused' ? 'resumed' : 'started';
  }, [commit]);

  const pause = useCallback(() => commit(pauseCountdown(current.current, Date.now())), [commit]);
  const reset = useCallback(() => commit(resetCountdown(durationSeconds)), [commit, durationSeconds]);

  return { countdown, start, pause, reset };
}
