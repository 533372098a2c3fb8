import { createContext, useContext, useEffect, useRef } from 'react';
import type { PomodoroTimer } from '#shared/pomodoro.ts';
import type { Countdown } from '../model/countdown.ts';

/** The member's one timer as every place in the tab shows it and acts on it (PomodoroTimerProvider). */
export type PomodoroTimerControls = {
  /** The timer with this tab's unanswered actions applied. */
  timer: PomodoroTimer;
  /** What it shows now: ticks every second while running. */
  countdown: Countdown;
  /** Starts a run, or resumes a paused one. */
  start: () => void;
  pause: () => void;
  /** Ends the run without completing it; at 0, puts the full time back. */
  reset: () => void;
  /** Calls `listener` each time this tab sees a run reach 0; answers the function that stops it. */
  onComplete: (listener: () => void) => () => void;
};

export const PomodoroTimerContext = createContext<PomodoroTimerControls | null>(null);

export function usePomodoroTimer(): PomodoroTimerControls {
  const controls = useContext(PomodoroTimerContext);
  if (!controls) throw new Error('usePomodoroTimer must be used within a PomodoroTimerProvider');
  return controls;
}

/** Calls the latest `callback` when a run reaches 0 (the card's completion callback). */
export function useTimerCompletion(callback: (() => void) | undefined): void {
  const { onComplete } = usePomodoroTimer();
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => onComplete(() => latest.current?.()), [onComplete]);
}
