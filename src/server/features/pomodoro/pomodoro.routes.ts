import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import { idempotencyKeyHeadersSchema } from '#shared/api.ts';
import {
  pomodoroSessionSchema,
  pomodoroTimerSchema,
  startPomodoroRequestSchema,
  updatePomodoroTimerRequestSchema,
} from '#shared/pomodoro.ts';
import { completePomodoro, startPomodoro } from './pomodoro.service.ts';
import { actOnTimer, readTimer } from './pomodoro-timer.service.ts';

/**
 * `POST /api/pomodoro` records a started session; `PUT /api/pomodoro/{id}/complete` finishes it. The member's one
 * timer, the same on every device: `GET|PUT /api/pomodoro/timer`.
 */
export const pomodoroRoutes = {
  start: apiRoute({
    method: 'post',
    path: '/api/pomodoro',
    operationId: 'createPomodoroSession',
    scopes: ['focus:write'],
    tags: ['Pomodoro'],
    summary: 'Record a focus session as its timer starts',
    description:
      '**201** the started session. `time_zone` (IANA; ours) is the zone of the day the session counts in ' +
      'for Four Pomodoros; default UTC; a zone Intl does not know **400** `validation_failed`. With an ' +
      '`Idempotency-Key` the member used before, the session that key started, and nothing is recorded. ' +
      "`task_id` names the task the session is for (answered as the session's `task_id`): one of the " +
      "member's own tasks, not deleted; another member's, a deleted or an unknown task **404**.",
    request: { headers: idempotencyKeyHeadersSchema, body: jsonBody(startPomodoroRequestSchema) },
    responses: { 201: json(pomodoroSessionSchema, 'The started session') },
  }),
  complete: apiRoute({
    method: 'put',
    path: '/api/pomodoro/{id}/complete',
    operationId: 'completePomodoroSession',
    scopes: ['focus:write'],
    tags: ['Pomodoro'],
    summary: 'Mark a focus session completed (idempotent)',
    description:
      "The session, completed; a second call changes nothing. The fourth completed session of the member's " +
      "day (in the session's `time_zone`) earns Four Pomodoros. Another member's or an unknown id **404**. " +
      "When it is the session the member's timer runs, the timer goes idle (`pomodoro.timer` is published).",
    request: { params: idParams('focusSession') },
    responses: { 200: json(pomodoroSessionSchema, 'The completed session') },
  }),
  timer: apiRoute({
    method: 'get',
    path: '/api/pomodoro/timer',
    operationId: 'getPomodoroTimer',
    scopes: ['focus:read'],
    tags: ['Pomodoro'],
    summary: "The member's focus timer, the same on every device",
    description:
      'Idle (`version` 0) until the member first starts it. While running, count down locally from `ends_at`: ' +
      '`remaining_seconds` is only what was left when answered. A running timer whose `ends_at` has passed ' +
      'stays running at 0 until a device completes (or resets) it. Changes arrive on `GET /api/events` as ' +
      '`pomodoro.timer`; keep the answer or event with the highest `version`.',
    responses: { 200: json(pomodoroTimerSchema, 'The timer') },
  }),
  act: apiRoute({
    method: 'put',
    path: '/api/pomodoro/timer',
    operationId: 'updatePomodoroTimer',
    scopes: ['focus:write'],
    tags: ['Pomodoro'],
    summary: 'Start, pause, resume, reset or complete the focus timer',
    description:
      '**200** the timer as it now stands. `start` (idle only) records a focus session as `POST /api/pomodoro` ' +
      "does (`duration_minutes` default 25, `time_zone`, `task_id`: the member's own task, else **404**; with an " +
      '`Idempotency-Key` already used, nothing changes) and plans a `pomodoro.finished` push at `ends_at`. ' +
      '`pause` (running) keeps `remaining_seconds`; `resume` (paused) runs again from now; `reset` (running or ' +
      'paused) ends the run without completing it; `complete` (running or paused) completes its session as ' +
      '`PUT /api/pomodoro/{id}/complete` does (Four Pomodoros included) and the timer goes idle. Pause, reset ' +
      'and complete cancel the push. Any other move is **409** `conflict` (a start while running too: pause, ' +
      'reset or complete it first). With `session_id` naming a run the timer no longer holds, nothing changes. ' +
      '`at` dates an action sent late (kept offline), held between the last change and now. Every change moves ' +
      '`version` on and is published as `pomodoro.timer`.',
    request: { headers: idempotencyKeyHeadersSchema, body: jsonBody(updatePomodoroTimerRequestSchema) },
    responses: { 200: json(pomodoroTimerSchema, 'The timer as it now stands') },
  }),
};

export function createPomodoroRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  now: () => Date;
  events: EventBus;
}) {
  const routes = createApiRouter(deps.requireMember);
  return routes
    .openapi(pomodoroRoutes.start, async (c) =>
      c.json(
        await startPomodoro(deps.db, memberIdOf(c), c.req.valid('json'), deps.now(), {
          idempotencyKey: c.req.valid('header')['idempotency-key'],
        }),
        201,
      ),
    )
    .openapi(pomodoroRoutes.complete, async (c) =>
      c.json(
        await completePomodoro(deps.db, deps.events, memberIdOf(c), c.req.valid('param').id, deps.now()),
        200,
      ),
    )
    .openapi(pomodoroRoutes.timer, async (c) =>
      c.json(await readTimer(deps.db, memberIdOf(c), deps.now()), 200),
    )
    .openapi(pomodoroRoutes.act, async (c) =>
      c.json(
        await actOnTimer(deps.db, deps.events, memberIdOf(c), c.req.valid('json'), deps.now(), {
          idempotencyKey: c.req.valid('header')['idempotency-key'],
        }),
        200,
      ),
    );
}
