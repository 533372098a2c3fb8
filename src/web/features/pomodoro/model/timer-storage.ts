import { z } from 'zod';
import { type PomodoroTimer, pomodoroTimerSchema } from '#shared/pomodoro.ts';

/**
 * The newest timer this browser heard of, kept in localStorage with whose it is: a reload (offline too) shows the
 * run where it was at once, before the server answers, and the actions kept offline apply on top of it. Idle
 * with nothing to show keeps nothing ("Reset returns to 1500 and clears the stored state").
 */
export const TIMER_STORAGE_KEY = 'pomodoroTimer';

/** What the widget kept before the timer was the server's: forgotten, as the server's timer replaces it. */
const LEGACY_KEYS = [
  'pomodoroTimeLeft',
  'pomodoroRunning',
  'pomodoroEndsAt',
  'pomodoroSessionId',
  'pomodoroSessionKey',
  'pomodoroOwner',
];

const storedSchema = z.object({
  owner: z.number(),
  timer: pomodoroTimerSchema,
  /** The run this browser showed end, until the member resets or another run starts (shared-timer.ts runKeyOf). */
  finishedRun: z.string().nullable(),
});

export type StoredTimer = { timer: PomodoroTimer; finishedRun: string | null };

// Storage throws where the browser blocks site data: the timer then starts from the server's answer.
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

/** Member `owner`'s kept timer; another member's (a shared browser) is forgotten, and anything malformed too. */
export function readStoredTimer(owner: number): StoredTimer | null {
  for (const key of LEGACY_KEYS) write(key, null);
  const raw = read(TIMER_STORAGE_KEY);
  if (raw === null) return null;
  let parsed: ReturnType<typeof storedSchema.safeParse>;
  try {
    parsed = storedSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = storedSchema.safeParse(null);
  }
  if (!parsed.success || parsed.data.owner !== owner) {
    write(TIMER_STORAGE_KEY, null);
    return null;
  }
  return { timer: parsed.data.timer, finishedRun: parsed.data.finishedRun };
}

export function storeTimer(owner: number, { timer, finishedRun }: StoredTimer): void {
  if (timer.state === 'idle' && finishedRun === null) {
    write(TIMER_STORAGE_KEY, null);
    return;
  }
  write(TIMER_STORAGE_KEY, JSON.stringify({ owner, timer, finishedRun }));
}
