import type { Db } from '#server/db/database.ts';
import type { DbTransaction } from '#server/db/member-lock.ts';
import type { PomodoroSessionRow } from '#server/db/schema.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import { POMODORO, type PomodoroTimer, type UpdatePomodoroTimerRequest } from '#shared/pomodoro.ts';
import {
  awardForCompletion,
  findSessionByKey,
  markPomodoroComplete,
  removeSession,
  startPomodoro,
} from './pomodoro.service.ts';
import { decideTimerMove, IDLE_TIMER, type TimerFields } from './pomodoro-timer.rules.ts';
import {
  cancelTimerEnd,
  findTimer,
  lockTimer,
  lockTimerIfAny,
  presentTimer,
  publishTimer,
  saveTimer,
  scheduleTimerEnd,
  type TimerRow,
} from './pomodoro-timer.store.ts';

/** How far back an action sent late may date itself: a device offline for longer replays it as of a day ago. */
const LATEST_LATE_ACTION_MS = 24 * 60 * 60_000;

/** `GET /api/pomodoro/timer`: the member's one timer as it stands. */
export async function readTimer(db: Db, userId: number, now: Date): Promise<PomodoroTimer> {
  return presentTimer(await findTimer(db, userId), now);
}

/**
 * `PUT /api/pomodoro/timer`: one action on the member's timer (transitions in pomodoro-timer.rules.ts), under
 * the timer row's lock, so two devices acting at once take turns and the second is answered from what the
 * first left. Every change moves the version on, plans or cancels the push at the run's end in the same
 * transaction, and is published to the member's other tabs and devices once committed.
 */
export async function actOnTimer(
  db: Db,
  events: EventBus,
  userId: number,
  input: UpdatePomodoroTimerRequest,
  now: Date,
  { idempotencyKey }: { idempotencyKey?: string | undefined } = {},
): Promise<PomodoroTimer> {
  const outcome = await db.transaction(async (tx) => {
    const timer = await lockTimer(tx, userId);
    const at = actionTime(input.at, timer.updatedAt, now);
    // A start sent again (a retry, a write kept offline) changes nothing: its run was recorded.
    if (input.action === 'start' && idempotencyKey && (await findSessionByKey(tx, userId, idempotencyKey))) {
      return unchanged(timer);
    }
    // Meant for a run the timer no longer holds (another device completed or reset it first).
    if (input.action !== 'start' && input.session_id !== undefined && input.session_id !== timer.sessionId) {
      return unchanged(timer);
    }
    const move = decideTimerMove(timer, input.action, at);
    switch (move.kind) {
      case 'refused':
        throw new AppError('conflict', say(move.reason));
      case 'start': {
        const durationMinutes = input.duration_minutes ?? POMODORO.durationMinutes;
        const session = await startPomodoro(
          tx,
          userId,
          {
            duration_minutes: durationMinutes,
            task_id: input.task_id ?? null,
            ...(input.time_zone ? { time_zone: input.time_zone } : {}),
          },
          at,
          { idempotencyKey },
        );
        const endsAt = new Date(at.getTime() + durationMinutes * 60_000);
        await scheduleTimerEnd(tx, userId, session.id, endsAt, now);
        return changed(
          await saveTimer(
            tx,
            timer,
            {
              state: 'running',
              sessionId: session.id,
              durationMinutes,
              endsAt,
              remainingSeconds: null,
              taskId: session.task_id,
            },
            at,
          ),
        );
      }
      case 'pause':
        await cancelTimerEnd(tx, userId);
        return changed(
          await saveTimer(
            tx,
            timer,
            { ...fieldsOf(timer), state: 'paused', endsAt: null, remainingSeconds: move.remainingSeconds },
            at,
          ),
        );
      case 'resume':
        if (timer.sessionId !== null) await scheduleTimerEnd(tx, userId, timer.sessionId, move.endsAt, now);
        return changed(
          await saveTimer(
            tx,
            timer,
            { ...fieldsOf(timer), state: 'running', endsAt: move.endsAt, remainingSeconds: null },
            at,
          ),
        );
      case 'reset':
        await cancelTimerEnd(tx, userId);
        return changed(await saveTimer(tx, timer, IDLE_TIMER, at));
      case 'complete': {
        await cancelTimerEnd(tx, userId);
        // A session deleted under the timer (an account import) leaves it null: the timer still ends.
        const completion =
          move.sessionId === null ? null : await markPomodoroComplete(tx, userId, move.sessionId, at);
        const row = await saveTimer(tx, timer, IDLE_TIMER, at);
        return { row, changed: true, ...(completion?.completedNow ? { completed: completion.row } : {}) };
      }
    }
  });
  const answer = presentTimer(outcome.row, now);
  if (outcome.changed) publishTimer(events, userId, answer);
  // After the commit, as every badge is awarded: the badge feature writes through the pool.
  if (outcome.completed) await awardForCompletion(db, userId, outcome.completed, now);
  return answer;
}

type Outcome = {
  row: TimerRow;
  changed: boolean;
  /** The session this action completed (not one completed before). */
  completed?: PomodoroSessionRow;
};

function unchanged(row: TimerRow): Outcome {
  return { row, changed: false };
}

function changed(row: TimerRow): Outcome {
  return { row, changed: true };
}

function fieldsOf(row: TimerRow): TimerFields {
  return {
    state: row.state,
    sessionId: row.sessionId,
    durationMinutes: row.durationMinutes,
    endsAt: row.endsAt,
    remainingSeconds: row.remainingSeconds,
    taskId: row.taskId,
  };
}

/**
 * When the action happened: now, or the time a late action names, kept between the timer's last change (it
 * cannot come before what the server already applied) and now (nor from the future, whatever the device's
 * clock says), and at most a day back.
 */
function actionTime(claimed: string | undefined, lastChange: Date, now: Date): Date {
  if (claimed === undefined) return now;
  const floor = Math.max(lastChange.getTime(), now.getTime() - LATEST_LATE_ACTION_MS);
  const at = Math.min(Math.max(Date.parse(claimed), floor), now.getTime());
  return new Date(at);
}

/**
 * A start of the member's timer inside the caller's transaction, for a change the member accepted from the AI
 * (agent-tools): the same move as `actOnTimer`'s start (refused with **409** unless the timer is idle), with the
 * session recorded and its end planned. The caller publishes the answer (`publishTimer`) once it has committed.
 * `version` is the timer's version this start left, so an Undo can tell whether the timer changed since.
 */
export async function startTimerInTransaction(
  tx: DbTransaction,
  userId: number,
  input: { minutes: number; taskId: number | null; timeZone: string | undefined },
  now: Date,
): Promise<{ timer: PomodoroTimer; sessionId: number; version: number }> {
  const timer = await lockTimer(tx, userId);
  const move = decideTimerMove(timer, 'start', now);
  if (move.kind === 'refused') throw new AppError('conflict', say(move.reason));
  const session = await startPomodoro(
    tx,
    userId,
    {
      duration_minutes: input.minutes,
      task_id: input.taskId,
      ...(input.timeZone ? { time_zone: input.timeZone } : {}),
    },
    now,
  );
  const endsAt = new Date(now.getTime() + input.minutes * 60_000);
  await scheduleTimerEnd(tx, userId, session.id, endsAt, now);
  const row = await saveTimer(
    tx,
    timer,
    {
      state: 'running',
      sessionId: session.id,
      durationMinutes: input.minutes,
      endsAt,
      remainingSeconds: null,
      taskId: session.task_id,
    },
    now,
  );
  return { timer: presentTimer(row, now), sessionId: session.id, version: row.version };
}

/**
 * Takes back a start made by `startTimerInTransaction` (an Undo): the timer goes idle again and the session it
 * recorded is removed, as if never started. The version moves on (devices keep the newest), so "as before" is
 * idle, not the old version number. Answers null, changing nothing, when the timer is no longer at the version
 * that start left (paused, reset, completed or started again since).
 */
export async function undoTimerStartInTransaction(
  tx: DbTransaction,
  userId: number,
  started: { sessionId: number; version: number },
  now: Date,
): Promise<PomodoroTimer | null> {
  const timer = await lockTimerIfAny(tx, userId);
  if (!timer || timer.version !== started.version || timer.sessionId !== started.sessionId) return null;
  await cancelTimerEnd(tx, userId);
  const row = await saveTimer(tx, timer, IDLE_TIMER, now);
  await removeSession(tx, userId, started.sessionId);
  return presentTimer(row, now);
}
