const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO date-time without a zone: a wall-clock time, whose date is its first ten characters. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** The calendar date of an instant in a time zone, as YYYY-MM-DD. */
function dateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The occurrence a reminder's Done completes: the task's due date it was sent for (`PUT /api/tasks/{id}`
 * `occurrence`), so a Done pressed after the task has moved on, or pressed twice, changes nothing. The server may
 * name it (`data.occurrence`); else it is the date of `data.due`: a date as it is, a wall-clock date-time by its
 * date, an instant by its date in the member's zone (`data.time_zone` when the push carries it, else this
 * device's, which is the member's wherever they are). Undefined when the push says nothing readable: the
 * completion is then sent without it, as a one-off task's is.
 */
export function reminderOccurrence(
  data: Readonly<Record<string, unknown>>,
  zone: string = deviceTimeZone(),
): string | undefined {
  if (typeof data.occurrence === 'string' && DATE.test(data.occurrence)) return data.occurrence;
  const due = data.due;
  if (typeof due !== 'string') return undefined;
  if (DATE.test(due)) return due;
  if (LOCAL_DATE_TIME.test(due)) return due.slice(0, 10);
  const instant = new Date(due);
  if (Number.isNaN(instant.getTime())) return undefined;
  const named = typeof data.time_zone === 'string' ? data.time_zone : zone;
  try {
    return dateIn(instant, named);
  } catch {
    // A zone Intl does not know: this device's.
    return dateIn(instant, deviceTimeZone());
  }
}
