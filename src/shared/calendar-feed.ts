import { z } from 'zod';

/**
 * The member's calendar feed: one secret address, `APP_URL/calendar/<token>.ics`, that any calendar app
 * (Google, Apple, Outlook) subscribes to without signing in. It lists the member's tasks with a due date and
 * their completed focus sessions of the last days as an RFC 5545 calendar.
 */

/** The feed's path under the app's origin; the token is its secret part. */
export const CALENDAR_FEED_PATH_PREFIX = '/calendar/';
export const CALENDAR_FEED_SUFFIX = '.ics';

export const CALENDAR_FEED = {
  /** How many days of completed focus sessions the feed lists, up to now. */
  focusDays: 30,
  /** How long a task with a due time lasts on the calendar. */
  timedTaskMinutes: 30,
} as const;

/**
 * `GET`, `POST /api/calendar/feed`: the address, or null when the member has none (never made, or turned off).
 * Shown only to its member, in the app: anyone holding it reads the calendar.
 */
export const calendarFeedSchema = z
  .object({
    /** `APP_URL/calendar/<token>.ics`, or null: no feed. */
    url: z.string().nullable(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The `webcal:` form of a feed address, which calendar apps open as a subscription. */
export function webcalUrlOf(url: string): string {
  return url.replace(/^https?:/, 'webcal:');
}

/** Google Calendar's "add by URL" page for a feed, which takes the `webcal:` form. */
export function googleCalendarUrlOf(url: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrlOf(url))}`;
}
