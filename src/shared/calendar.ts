import { z } from 'zod';
import { taskStatusSchema } from './tasks.ts';
import { timeZoneSchema } from './time-zone.ts';

/**
 * The week calendar: the member's tasks by due date, completed focus sessions and the events of the outside
 * calendars they subscribed to (calendar-subscriptions.ts), one week at a time, in the member's time zone.
 */
/**
 * `GET /api/calendar/week?start=YYYY-MM-DD&time_zone=Area/City`: the member's own week. `start` defaults to
 * this week's Monday in the zone (any other day is taken as the week starting that day); the zone defaults to
 * the profile's, else UTC.
 */
export const calendarWeekQuerySchema = z.object({
  start: z.iso.date('A day is YYYY-MM-DD').optional(),
  time_zone: timeZoneSchema.optional(),
});

export const calendarEventKinds = ['task', 'focus', 'external'] as const;
export const calendarEventKindSchema = z.enum(calendarEventKinds);

/**
 * A calendar event: id, title, start, end. A task is an all-day event on its due date (`start` and
 * `end` the same `YYYY-MM-DD`, id `task-<id>`), and a repeating task also on each day whose occurrence was
 * completed (done, id `task-<id>-<YYYY-MM-DD>`); a completed focus session runs from its start to its completion
 * (ISO instants; `day` is the member's day it started on). An event of a subscribed calendar (`external`, id
 * `external-<id>-<YYYY-MM-DD>`) is listed on each day of the week it covers (`day`), with its calendar's name
 * and colour: a timed one from its start to its end (ISO instants), an all-day one from its first day to its
 * last (`YYYY-MM-DD`, both included, as a task's).
 */
export const calendarEventSchema = z
  .object({
    id: z.string(),
    kind: calendarEventKindSchema,
    title: z.string(),
    all_day: z.boolean(),
    start: z.string(),
    end: z.string(),
    day: z.iso.date(),
    /** The task's status; null for focus sessions and outside events. */
    task_status: taskStatusSchema.nullable(),
    /** The subscribed calendar an `external` event comes from; absent on the others. */
    calendar: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).optional(),
  })
  .meta({ id: 'CalendarEvent' });
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarWeekSchema = z
  .object({
    time_zone: z.string(),
    /** The seven days shown, first to last. */
    days: z.array(z.iso.date()),
    events: z.array(calendarEventSchema),
  })
  .meta({ id: 'CalendarWeek' });
export type CalendarWeek = z.infer<typeof calendarWeekSchema>;

/** The focus session's title on the calendar. */
export const FOCUS_EVENT_TITLE = 'Focus session';
