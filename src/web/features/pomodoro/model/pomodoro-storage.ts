import type { RecordedRunStore } from '../hooks/use-pomodoro-session.ts';
import { type Countdown, idleCountdown } from './countdown.ts';

/**
 * Kept by the floating widget so a
 * reload resumes it. The end time is kept too: time left alone cannot say how much passed while the page was
 * closed. The session's id and start key let a resumed run still be marked complete.
 */
export const POMODORO_STORAGE_KEYS = {
  timeLeft: 'pomodoroTimeLeft',
  running: 'pomodoroRunning',
  endsAt: 'pomodoroEndsAt',
  sessionId: 'pomodoroSessionId',
  /** The key the run's start was sent with: a run started offline has no id yet, and is completed by its key. */
  sessionKey: 'pomodoroSessionKey',
  /** Whose timer it is: a browser shared by two members must not resume (or complete) the other's session. */
  owner: 'pomodoroOwner',
} as const;

// Storage throws where the browser blocks site data: the widget then simply forgets across reloads.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nowhere to keep it.
  }
}

/**
 * The stored countdown of member `owner` as of `now`; another member's, or anything missing or malformed, reads
 * as a fresh, idle timer (and another member's is forgotten).
 */
export function readStoredCountdown(durationSeconds: number, now: number, owner: number): Countdown {
  const storedOwner = read(POMODORO_STORAGE_KEYS.owner);
  if (storedOwner !== null && storedOwner !== String(owner)) {
    clearStoredCountdown();
    return idleCountdown(durationSeconds);
  }
  const timeLeft = read(POMODORO_STORAGE_KEYS.timeLeft);
  if (timeLeft === null) return idleCountdown(durationSeconds);
  const secondsLeft = Number(timeLeft);
  if (!Number.isInteger(secondsLeft) || secondsLeft < 0 || secondsLeft > durationSeconds) {
    return idleCountdown(durationSeconds);
  }
  if (read(POMODORO_STORAGE_KEYS.running) === 'true') {
    const endsAt = Number(read(POMODORO_STORAGE_KEYS.endsAt));
    // An end time further away than a whole session is not ours to trust; fall back to the time left.
    const plausible = Number.isFinite(endsAt) && endsAt > 0 && endsAt <= now + durationSeconds * 1000;
    return { status: 'running', secondsLeft, endsAt: plausible ? endsAt : now + secondsLeft * 1000 };
  }
  if (secondsLeft === 0) return { status: 'complete', secondsLeft: 0, endsAt: null };
  if (secondsLeft === durationSeconds) return idleCountdown(durationSeconds);
  return { status: 'paused', secondsLeft, endsAt: null };
}

/** Idle and reset keep nothing ("Reset returns to 1500 and clears the stored state"). */
export function storeCountdown(countdown: Countdown, owner: number): void {
  if (countdown.status === 'idle' || countdown.status === 'reset') {
    clearStoredCountdown();
    return;
  }
  write(POMODORO_STORAGE_KEYS.owner, String(owner));
  write(POMODORO_STORAGE_KEYS.timeLeft, String(countdown.secondsLeft));
  write(POMODORO_STORAGE_KEYS.running, String(countdown.status === 'running'));
  write(POMODORO_STORAGE_KEYS.endsAt, countdown.endsAt === null ? null : String(countdown.endsAt));
}

export function clearStoredCountdown(): void {
  for (const key of Object.values(POMODORO_STORAGE_KEYS)) write(key, null);
}

export const storedRecordedRun: RecordedRunStore = {
  read: () => {
    const startKey = read(POMODORO_STORAGE_KEYS.sessionKey);
    const id = Number(read(POMODORO_STORAGE_KEYS.sessionId));
    const known = Number.isInteger(id) && id > 0 ? id : null;
    // A run stored before keys were kept has its id only: any key completes it, since the id is known.
    if (startKey === null) return known === null ? null : { startKey: crypto.randomUUID(), id: known };
    return { startKey, id: known };
  },
  write: (run) => {
    write(POMODORO_STORAGE_KEYS.sessionKey, run?.startKey ?? null);
    write(POMODORO_STORAGE_KEYS.sessionId, run?.id == null ? null : String(run.id));
  },
};
