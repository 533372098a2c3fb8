import type { CreateTaskRequest, UpdateTaskRequest } from '#shared/tasks.ts';

/**
 * The request with the member's time zone when it says anything that depends on their day or hour: a date, a
 * time, a repeat, reminders (instants in that zone), or a completion (a task repeating from completion counts from
 * their today). Other changes go as they are.
 */
export function withTimeZone<R extends CreateTaskRequest | UpdateTaskRequest>(
  request: R,
  timeZone: string,
): R {
  const dated =
    (request.due_date !== undefined && request.due_date !== null) ||
    request.due_time != null ||
    request.repeat != null ||
    (request.reminders != null && request.reminders.length > 0) ||
    ('occurrence' in request && request.occurrence !== undefined);
  return dated && request.time_zone === undefined ? { ...request, time_zone: timeZone } : request;
}
