import { z } from 'zod';
import { reason } from './texts.ts';

/**
 * Outside calendars a member subscribes to by link (an `.ics` feed over https, or its `webcal:` form): fetched
 * at once and every half hour after, their events shown in the week calendar beside tasks and focus sessions.
 */

export const CALENDAR_SUBSCRIPTION_LIMITS = {
  /** Subscriptions one member may hold. */
  perMember: 10,
  /** Largest calendar file fetched; more is refused (413). */
  maxBytes: 5 * 1024 * 1024,
  /** How often each subscription is fetched again. */
  refreshEveryMinutes: 30,
  nameMax: 80,
  urlMax: 2_000,
  /** An event's title is cut to this many characters. */
  titleMax: 200,
  /** Occurrences kept per calendar, nearest the expansion window's start first. */
  occurrencesMax: 5_000,
  /** The window occurrences are expanded over, around the day of the refresh. */
  windowDaysBack: 60,
  windowDaysAhead: 400,
} as const;

/**
 * The colours a member picks from. Each is drawn as a bar or dot beside the event's title, which keeps the
 * theme's own text colour, so the colour is never what carries the words (nor the only cue: the calendar's name
 * is in the event's label).
 */
export const calendarSubscriptionColors = [
  '#2563eb',
  '#16a34a',
  '#dc2626',
  '#9333ea',
  '#ea580c',
  '#0891b2',
] as const;
export const calendarSubscriptionColorSchema = z.enum(calendarSubscriptionColors);
export type CalendarSubscriptionColor = z.infer<typeof calendarSubscriptionColorSchema>;

/**
 * Why the last fetch of a subscription failed, for the member to read (their events are the last good copy):
 * unreachable (no answer, an error status), timeout, refused (a private address or a link the server will not
 * fetch), too_large (past the 5 MB cap), not_calendar (the answer is no iCalendar file).
 */
export const calendarSubscriptionErrors = [
  'unreachable',
  'timeout',
  'refused',
  'too_large',
  'not_calendar',
] as const;
export const calendarSubscriptionErrorSchema = z.enum(calendarSubscriptionErrors);
export type CalendarSubscriptionError = z.infer<typeof calendarSubscriptionErrorSchema>;

/** An https link, or a `webcal:` one (fetched as https). */
export const calendarSubscriptionUrlSchema = z
  .string()
  .trim()
  .min(1, reason('shared.calendarSubscriptions.url'))
  .max(CALENDAR_SUBSCRIPTION_LIMITS.urlMax)
  .refine(
    (value) => /^(https?|webcals?):\/\/[^\s]+$/i.test(value),
    reason('shared.calendarSubscriptions.url'),
  )
  .meta({ examples: ['https://calendar.example.com/team.ics', 'webcal://calendar.example.com/team.ics'] });

/** `POST /api/calendar/subscriptions`. The name defaults to the calendar's own (X-WR-CALNAME), else its host. */
export const createCalendarSubscriptionSchema = z
  .object({
    url: calendarSubscriptionUrlSchema,
    name: z.string().trim().min(1).max(CALENDAR_SUBSCRIPTION_LIMITS.nameMax).optional(),
    color: calendarSubscriptionColorSchema.optional(),
  })
  .strict();
export type CreateCalendarSubscription = z.infer<typeof createCalendarSubscriptionSchema>;

export const calendarSubscriptionSchema = z
  .object({
    id: z.number().int(),
    /** The https address fetched (a `webcal:` link is kept in its https form). */
    url: z.string(),
    name: z.string(),
    color: z.string(),
    /** When its events were last fetched good (or found unchanged); null before the first. */
    last_fetched_at: z.string().nullable(),
    /** Why the latest fetch failed, when it did (its events are the last good copy); null when it worked. */
    last_error: calendarSubscriptionErrorSchema.nullable(),
    last_error_at: z.string().nullable(),
    /** How many occurrences of it are kept (the expansion window's). */
    event_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'CalendarSubscription' });
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;

export const calendarSubscriptionListSchema = z
  .object({ subscriptions: z.array(calendarSubscriptionSchema) })
  .meta({ id: 'CalendarSubscriptionList' });
export type CalendarSubscriptionList = z.infer<typeof calendarSubscriptionListSchema>;

/** The https address a link is fetched at: `webcal://` (and `webcals://`) is the same feed over https. */
export function fetchableCalendarUrl(url: string): string {
  return url.trim().replace(/^webcals?:\/\//i, 'https://');
}
