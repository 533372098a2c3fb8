import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import { idempotencyKeyHeadersSchema } from '#shared/api.ts';
import { pomodoroSessionSchema, startPomodoroRequestSchema } from '#shared/pomodoro.ts';
import { completePomodoro, startPomodoro } from './pomodoro.service.ts';

/** `POST /api/pomodoro` records a started session; `PUT /api/pomodoro/{id}/complete` finishes it. */
export const pomodoroRoutes = {
  start: apiRoute({
    method: 'post',
    path: '/api/pomodoro',
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
    tags: ['Pomodoro'],
    summary: 'Mark a focus session completed (idempotent)',
    description:
      "The session, completed; a second call changes nothing. The fourth completed session of the member's " +
      "day (in the session's `time_zone`) earns Four Pomodoros. Another member's or an unknown id **404**.",
    request: { params: idParams('focusSession') },
    responses: { 200: json(pomodoroSessionSchema, 'The completed session') },
  }),
};

export function createPomodoroRoutes(deps: { db: Db; requireMember: RequireMember; now: () => Date }) {
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
      c.json(await completePomodoro(deps.db, memberIdOf(c), c.req.valid('param').id, deps.now()), 200),
    );
}
