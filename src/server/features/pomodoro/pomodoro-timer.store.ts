import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { DbTransaction } from '#server/db/member-lock.ts';
import { pomodoroTimers } from '#server/db/schema.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { PomodoroTimer } from '#shared/pomodoro.ts';
import {
  cancelScheduledNotifications,
  replaceScheduledNotifications,
} from '../notifications/notification-schedule.ts';
import { IDLE_TIMER, secondsLeft, type TimerFields } from './pomodoro-timer.rules.ts';

/**
 * The member's timer row (`pomodoro_timers`, one per member, made at their first action): read, locked, written,
 * told to their other devices, and its end scheduled for push.
 */
export type TimerRow = typeof pomodoroTimers.$inferSelect;

/** Every `pomodoro.finished` of a member's timer is under this prefix, so the next change replaces it. */
export const TIMER_END_PREFIX = 'pomodoro.finished:';

export async function findTimer(db: Db | DbTransaction, userId: number): Promise<TimerRow | undefined> {
  const [row] = await db.select().from(pomodoroTimers).where(eq(pomodoroTimers.userId, userId)).limit(1);
  return row;
}

/**
 * Locks the member's timer until the transaction ends, making it first if they have none: two devices acting at
 * once take turns, on every server, and the second decides from what the first left.
 */
export async function lockTimer(tx: DbTransaction, userId: number): Promise<TimerRow> {
  const locked = await lockTimerIfAny(tx, userId);
  if (locked) return locked;
  // Its last change at the epoch: an action sent late (offline) may date itself any time before now.
  await tx
    .insert(pomodoroTimers)
    .values({ userId, updatedAt: new Date(0) })
    .onConflictDoNothing({ target: pomodoroTimers.userId });
  const made = await lockTimerIfAny(tx, userId);
  if (!made) throw new Error('the timer row just made was not found');
  return made;
}

/** Locks the member's timer if they have one (a completion through the spec route, which makes none). */
export async function lockTimerIfAny(tx: DbTransaction, userId: number): Promise<TimerRow | undefined> {
  const [row] = await tx.select().from(pomodoroTimers).where(eq(pomodoroTimers.userId, userId)).for('update');
  return row;
}

/** Writes the timer's new fields, one version on, changed `at`. */
export async function saveTimer(
  tx: DbTransaction,
  previous: TimerRow,
  fields: TimerFields,
  at: Date,
): Promise<TimerRow> {
  const [row] = await tx
    .update(pomodoroTimers)
    .set({ ...fields, version: previous.version + 1, updatedAt: at })
    .where(eq(pomodoroTimers.userId, previous.userId))
    .returning();
  if (!row) throw new Error('the locked timer row was not found');
  return row;
}

/** The timer as the API answers it; a member who never used it has an idle one at version 0. */
export function presentTimer(row: TimerRow | undefined, now: Date): PomodoroTimer {
  const fields: TimerFields = row ?? IDLE_TIMER;
  return {
    state: fields.state,
    session_id: fields.sessionId,
    duration_minutes: fields.durationMinutes,
    ends_at: fields.state === 'running' && fields.endsAt ? fields.endsAt.toISOString() : null,
    remaining_seconds: secondsLeft(fields, now),
    task_id: fields.taskId,
    version: row?.version ?? 0,
  };
}

/**
 * Plans the push that says the run ended, at its end, replacing any earlier plan (a resume moves it). An end
 * already passed is not planned: the device that sent the action counted it down and knows.
 */
export async function scheduleTimerEnd(
  tx: DbTransaction,
  userId: number,
  sessionId: number,
  endsAt: Date,
  now: Date,
): Promise<void> {
  if (endsAt.getTime() <= now.getTime()) {
    await cancelTimerEnd(tx, userId);
    return;
  }
  await replaceScheduledNotifications(tx, userId, TIMER_END_PREFIX, [
    {
      dedupeKey: `${TIMER_END_PREFIX}${sessionId}:${endsAt.getTime()}`,
      type: 'pomodoro.finished',
      sendAt: endsAt,
      data: { session_id: sessionId },
    },
  ]);
}

/** A paused, reset or completed timer sends nothing at its old end. */
export function cancelTimerEnd(tx: DbTransaction, userId: number): Promise<void> {
  return cancelScheduledNotifications(tx, userId, TIMER_END_PREFIX);
}

/** Tells every open tab and device of the member (through the bus, on every server) how the timer stands now. */
export function publishTimer(events: EventBus, userId: number, timer: PomodoroTimer): void {
  events.publish({ audience: { kind: 'member', userId }, event: { type: 'pomodoro.timer', data: timer } });
}
