import type { CalendarWeek } from '#shared/calendar.ts';

/** The week the web tests show: Monday 4 to Sunday 10 May 2026. */
const sampleWeekDays: readonly string[] = [
  '2026-05-04',
  '2026-05-05',
  '2026-05-06',
  '2026-05-07',
  '2026-05-08',
  '2026-05-09',
  '2026-05-10',
];

/** `GET /api/calendar/week` for that week, in UTC and with no events unless a test sets them. */
export function buildCalendarWeek(overrides: Partial<CalendarWeek> = {}): CalendarWeek {
  return { time_zone: 'UTC', days: [...sampleWeekDays], events: [], ...overrides };
}
