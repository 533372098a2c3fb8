import { and, asc, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { calendarSubscriptionEvents, calendarSubscriptions } from '#server/db/schema.ts';

/**
 * What the week calendar reads of the subscribed calendars (this feature owns their tables): the occurrences
 * that overlap a range, with their calendar's name and colour. A query, not its rows, so the calendar can read it
 * in the same round trip as its own lists (the dashboard's first load counts them).
 */
export function externalEventsQuery(
  db: Db,
  userId: number,
  range: {
    /** The instants the range starts and ends (timed occurrences). */
    from: Date;
    until: Date;
    /** Its first day and the day after its last, `YYYY-MM-DD` (all-day occurrences; `end_day` is exclusive). */
    firstDay: string;
    dayAfter: string;
  },
  limit: number,
) {
  return db
    .select({
      // Named with `as`: the calendar aggregates these rows as JSON, whose keys are the subquery's column names.
      id: sql<number>`${calendarSubscriptionEvents.id}`.as('id'),
      title: sql<string>`${calendarSubscriptionEvents.title}`.as('title'),
      all_day: sql<boolean>`${calendarSubscriptionEvents.allDay}`.as('all_day'),
      starts_at: sql<string | null>`${calendarSubscriptionEvents.startsAt}`.as('starts_at'),
      ends_at: sql<string | null>`${calendarSubscriptionEvents.endsAt}`.as('ends_at'),
      start_day: sql<string | null>`${calendarSubscriptionEvents.startDay}`.as('start_day'),
      end_day: sql<string | null>`${calendarSubscriptionEvents.endDay}`.as('end_day'),
      calendar_id: sql<number>`${calendarSubscriptions.id}`.as('calendar_id'),
      calendar_name: sql<string>`${calendarSubscriptions.name}`.as('calendar_name'),
      calendar_color: sql<string>`${calendarSubscriptions.color}`.as('calendar_color'),
    })
    .from(calendarSubscriptionEvents)
    .innerJoin(calendarSubscriptions, eq(calendarSubscriptions.id, calendarSubscriptionEvents.subscriptionId))
    .where(
      and(
        eq(calendarSubscriptionEvents.userId, userId),
        or(
          and(
            eq(calendarSubscriptionEvents.allDay, false),
            lt(calendarSubscriptionEvents.startsAt, range.until),
            // A zero-length occurrence at the range's first instant is in it.
            or(
              gt(calendarSubscriptionEvents.endsAt, range.from),
              eq(calendarSubscriptionEvents.startsAt, range.from),
            ),
          ),
          and(
            eq(calendarSubscriptionEvents.allDay, true),
            isNotNull(calendarSubscriptionEvents.startDay),
            lt(calendarSubscriptionEvents.startDay, range.dayAfter),
            gt(calendarSubscriptionEvents.endDay, range.firstDay),
          ),
        ),
      ),
    )
    .orderBy(
      asc(
        sql`coalesce(${calendarSubscriptionEvents.startDay}::timestamptz, ${calendarSubscriptionEvents.startsAt})`,
      ),
      asc(calendarSubscriptionEvents.id),
    )
    .limit(limit);
}

/** A row of `externalEventsQuery`, as JSON writes it (the calendar aggregates it with json_agg). */
export type ExternalEventRow = {
  id: number;
  title: string;
  all_day: boolean;
  starts_at: string | null;
  ends_at: string | null;
  start_day: string | null;
  end_day: string | null;
  calendar_id: number;
  calendar_name: string;
  calendar_color: string;
};
