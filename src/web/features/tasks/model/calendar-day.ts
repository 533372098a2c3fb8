/*
 * Calendar days as `YYYY-MM-DD`, the form the task API speaks. A day is not an instant: every sum here is done on
 * a UTC date, where the string parses to exactly that day whatever the browser's zone.
 */

const DAY_MS = 86_400_000;

/** The UTC midnight of a `YYYY-MM-DD` day. */
export function dayToDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The `YYYY-MM-DD` of a UTC date. */
export function dateToDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The `YYYY-MM-DD` the browser's clock shows for `now` (the member's today). */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `HH:MM` (24 h) the browser's clock shows for `now`. */
export function localTime(now: Date): string {
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

export function addDays(day: string, days: number): string {
  return dateToDay(new Date(dayToDate(day).getTime() + days * DAY_MS));
}

/** 0 Monday … 6 Sunday (the order of RFC 5545's weekdays, MO first). */
export function weekdayIndex(day: string): number {
  return (dayToDate(day).getUTCDay() + 6) % 7;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Year, month (1–12) and day of the month of a `YYYY-MM-DD`. */
export function dayParts(day: string): { year: number; month: number; date: number } {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month, date };
}
