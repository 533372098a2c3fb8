import type { TypedResponse } from 'hono';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { alreadyHasVersion } from '#server/lib/http/conditional-get.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import { idempotencyKeyHeadersSchema, successSchema } from '#shared/api.ts';
import {
  createTaskRequestSchema,
  restoreTaskRequestSchema,
  type Task,
  taskListSchema,
  taskSchema,
  updateTaskRequestSchema,
} from '#shared/tasks.ts';
import { announceTasksChanged } from './task-events.ts';
import { createTask, deleteTask, listTasksJson, restoreTask, updateTask } from './tasks.service.ts';

const taskPath = idParams('task');

/** What the plan fields of a create or an update mean, for both routes' descriptions. */
const PLAN_FIELDS =
  '**Plan fields** (absent: unchanged; `null` clears): `notes` (≤ 10,000 characters); `due_time` ' +
  '(`HH:MM`, 24 h); `repeat`, an RFC 5545 rule with or without `RRULE:` (`FREQ` DAILY, WEEKLY, MONTHLY ' +
  'or YEARLY with `INTERVAL`, `BYDAY` with ordinals such as `-1FR`, `BYMONTHDAY` negative too, ' +
  '`BYMONTH`, `BYSETPOS`, `COUNT`, `UNTIL`, `WKST`; answered without the prefix, normalised, with ' +
  '`repeat_text` in words); `repeat_from` `due` or `completion`; `checklist`, up to 50 `{id?, text, ' +
  'done}` (an item without `id` gets one); `reminders`, up to 5 `{before_minutes}` (0–40,320) before the ' +
  'due time, or 09:00 for a task without one; `time_zone`, where the date and time are read (the ' +
  "member's profile zone wins when set; else this, else the task's, else UTC). A time, a repeat and " +
  'reminders need a `due_date`: sent without one **400** naming each; clearing `due_date` clears them. ' +
  'A rule Lumara does not take (`FREQ=HOURLY`, another part, malformed, or one that never comes round ' +
  'on or after the date) **400** naming `repeat`. Reminders are scheduled as notifications (`task.reminder`) ' +
  'for open tasks, moved with the date and cancelled when the task is done or deleted.';

/**
 * The task calls, paths kept exactly as clients know them. Every call acts on the signed-in member's own
 * tasks.
 */
export const taskRoutes = {
  list: apiRoute({
    method: 'get',
    path: '/api/tasks',
    operationId: 'listTasks',
    scopes: ['tasks:read'],
    tags: ['Tasks'],
    summary: "The member's tasks, in board order",
    description:
      "The member's tasks that are not deleted, ordered by `position` (ties: newer first), which orders " +
      'each status column, each with every field, its plan included (`repeat_text` in the language the ' +
      'request asks for). Answered with an `ETag` that changes with every change to the tasks; a request ' +
      'naming it in `If-None-Match` gets **304** while nothing changed.',
    responses: {
      200: json(taskListSchema, 'Every task of the member'),
      304: {
        description: 'The list has not changed since the version named in `If-None-Match` (its `ETag`)',
      },
    },
  }),
  create: apiRoute({
    method: 'post',
    path: '/api/tasks',
    operationId: 'createTask',
    scopes: ['tasks:write'],
    tags: ['Tasks'],
    summary: 'Add a task',
    description:
      '**201** the task, at the top of To Do. The title is trimmed; labels are trimmed, non-empty and ' +
      'distinct; `due_date` is `YYYY-MM-DD` or null. With an `Idempotency-Key` the member used before, the ' +
      'task that key made, as it is now, and nothing changes.\n\n' +
      PLAN_FIELDS,
    request: { headers: idempotencyKeyHeadersSchema, body: jsonBody(createTaskRequestSchema) },
    responses: { 201: json(taskSchema, 'The new task') },
  }),
  restore: apiRoute({
    method: 'post',
    path: '/api/tasks/restore',
    operationId: 'restoreTask',
    scopes: ['tasks:write'],
    tags: ['Tasks'],
    summary: 'Bring back a task deleted moments ago (undo)',
    description:
      'The task, back at the top of its column. Restoring a task that is not deleted changes nothing. ' +
      "Another member's or an unknown id **404**.",
    request: { body: jsonBody(restoreTaskRequestSchema) },
    responses: { 200: json(taskSchema, 'The task, as it was') },
  }),
  update: apiRoute({
    method: 'put',
    path: '/api/tasks/{id}',
    operationId: 'updateTask',
    scopes: ['tasks:write'],
    tags: ['Tasks'],
    summary: 'Change a task: title, status, labels, due date, plan; complete a repeating task',
    description:
      'Any of the fields, at least one (besides `time_zone` and `occurrence`). `position` is the zero-based ' +
      'index the task takes within its (new) column, and the column is renumbered so the order survives a ' +
      'reload; a status change without `position` puts the task at the top of its new column. Reaching ' +
      '`done` records `completed_at` and one completion (leaving Done clears it and takes the completion ' +
      'back); completions are what Tasks Today, the streak, the calendar and Task Warrior (25 completions) ' +
      "count. Another member's, a deleted or an unknown id: **404**.\n\n" +
      '**A repeating task** reaching `done` records the completion of its occurrence (its `due_date`) and ' +
      "moves on: `due_date` becomes the next date of its rule (after the due date, or after the member's " +
      'today with `repeat_from` "completion"), its checklist is unchecked, `status` is `todo` at the top of ' +
      'To Do (a `position` is ignored), `completed_at` null, `last_completed_at` now, a `COUNT` one lower, ' +
      'its reminders moved. When the rule has no next date (`COUNT` 1, `UNTIL` passed) it stays done.\n\n' +
      '**Sent twice.** `occurrence` (`YYYY-MM-DD`) is the due date the client saw: when the task is no ' +
      'longer due then (the completion was already applied, or the task changed), nothing changes and the ' +
      'answer is the task as it stands. With a `status` other than `done`, `occurrence` may instead name ' +
      "the task's latest completed occurrence, which is reopened (Undo): its completion removed, the task " +
      'due on it again (its `COUNT` one higher), with that status. An `Idempotency-Key` a completion was ' +
      'recorded with also changes nothing; two completions of one occurrence at once record one.\n\n' +
      PLAN_FIELDS,
    request: {
      params: taskPath,
      headers: idempotencyKeyHeadersSchema,
      body: jsonBody(updateTaskRequestSchema),
    },
    responses: { 200: json(taskSchema, 'The task after the change') },
  }),
  remove: apiRoute({
    method: 'delete',
    path: '/api/tasks/{id}',
    operationId: 'deleteTask',
    scopes: ['tasks:write'],
    tags: ['Tasks'],
    summary: 'Delete a task (restorable for a while)',
    description:
      'A soft delete: the task leaves the list, and `POST /api/tasks/restore` brings it back. Another ' +
      "member's, an already deleted or an unknown id: **404**.",
    request: { params: taskPath },
    responses: { 200: json(successSchema, 'Deleted') },
  }),
};

export function createTaskRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  now: () => Date;
  events: EventBus;
}) {
  const routes = createApiRouter(deps.requireMember);
  /** Every write is announced to the member's other pages once it has committed. */
  const announced = <T>(userId: number, written: T): T => {
    announceTasksChanged(deps.events, userId);
    return written;
  };
  return routes
    .openapi(taskRoutes.list, async (c) => {
      // The version was read with the session, before the list: a change landing between the two reads makes the
      // next request fetch again.
      const { id: userId, tasksVersion } = c.get('member').user;
      const etag = `W/"tasks-${userId}-${tasksVersion}"`;
      if (alreadyHasVersion(c, etag)) return c.body(null, 304);
      // The list is built as JSON by PostgreSQL (tasks.service.ts): sent as it comes, typed by its schema.
      c.header('Content-Type', 'application/json; charset=UTF-8');
      return c.body(await listTasksJson(deps.db, userId), 200) as unknown as Response &
        TypedResponse<Task[], 200, 'json'>;
    })
    .openapi(taskRoutes.create, async (c) => {
      const userId = memberIdOf(c);
      const created = await createTask(deps.db, userId, c.req.valid('json'), deps.now(), {
        idempotencyKey: c.req.valid('header')['idempotency-key'],
      });
      return c.json(announced(userId, created), 201);
    })
    .openapi(taskRoutes.restore, async (c) => {
      const userId = memberIdOf(c);
      const restored = await restoreTask(deps.db, userId, c.req.valid('json').id, deps.now());
      return c.json(announced(userId, restored), 200);
    })
    .openapi(taskRoutes.update, async (c) => {
      const userId = memberIdOf(c);
      const { id } = c.req.valid('param');
      const idempotencyKey = c.req.valid('header')['idempotency-key'];
      const updated = await updateTask(deps.db, userId, id, c.req.valid('json'), deps.now(), {
        idempotencyKey,
      });
      return c.json(announced(userId, updated), 200);
    })
    .openapi(taskRoutes.remove, async (c) => {
      const userId = memberIdOf(c);
      await deleteTask(deps.db, userId, c.req.valid('param').id, deps.now());
      return c.json(announced(userId, { success: true } as const), 200);
    });
}
