/**
 * iCalendar files for the calendar subscription tests (never imported by the app). `teamCalendar` holds what a
 * real feed does: a weekly meeting in America/New_York (an IANA TZID without its VTIMEZONE, as Google writes
 * them) with an EXDATE and a moved occurrence, a weekly one in an Outlook zone defined by the file's own
 * VTIMEZONE, a one-day and a three-day all-day event, and a cancelled meeting.
 */
export function teamCalendar(options: { name?: string; extraEvents?: string } = {}): string {
  return lines(
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lumara tests//Team//EN',
    `X-WR-CALNAME:${options.name ?? 'Team'}`,
    // Outlook's zone: US Eastern rules under a Windows name only this VTIMEZONE explains.
    'BEGIN:VTIMEZONE',
    'TZID:Eastern Standard Time',
    'BEGIN:STANDARD',
    'DTSTART:16011104T020000',
    'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:16010311T020000',
    'RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    // Every Tuesday 10:00–11:00 in New York from 6 October 2026; not on 10 November; 17 November's moved.
    'BEGIN:VEVENT',
    'UID:standup@lumara.test',
    'DTSTAMP:20261001T000000Z',
    'SUMMARY:Standup',
    'DTSTART;TZID=America/New_York:20261006T100000',
    'DTEND;TZID=America/New_York:20261006T110000',
    'RRULE:FREQ=WEEKLY;BYDAY=TU',
    'EXDATE;TZID=America/New_York:20261110T100000',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:standup@lumara.test',
    'DTSTAMP:20261001T000000Z',
    'RECURRENCE-ID;TZID=America/New_York:20261117T100000',
    'SUMMARY:Standup (moved)',
    'DTSTART;TZID=America/New_York:20261119T130000',
    'DTEND;TZID=America/New_York:20261119T140000',
    'END:VEVENT',
    // Every Thursday 09:00–09:30 Eastern, through the file's VTIMEZONE, four times.
    'BEGIN:VEVENT',
    'UID:review@lumara.test',
    'DTSTAMP:20261001T000000Z',
    'SUMMARY:Review',
    'DTSTART;TZID=Eastern Standard Time:20261022T090000',
    'DTEND;TZID=Eastern Standard Time:20261022T093000',
    'RRULE:FREQ=WEEKLY;COUNT=4',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:holiday@lumara.test',
    'DTSTAMP:20261001T000000Z',
    'SUMMARY:Holiday',
    'DTSTART;VALUE=DATE:20261028',
    'DTEND;VALUE=DATE:20261029',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:trip@lumara.test',
    'DTSTAMP:20261001T000000Z',
    'SUMMARY:Trip',
    'DTSTART;VALUE=DATE:20261030',
    'DTEND;VALUE=DATE:20261102',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:cancelled@lumara.test',
    'DTSTAMP:20261001T000000Z',
    'SUMMARY:Cancelled meeting',
    'STATUS:CANCELLED',
    'DTSTART:20261029T090000Z',
    'DTEND:20261029T100000Z',
    'END:VEVENT',
    options.extraEvents ?? '',
    'END:VCALENDAR',
  );
}

/** One timed event, in UTC, for calendars whose content is beside the point. */
export function oneEventCalendar(
  title: string,
  start = '20261124T150000Z',
  end = '20261124T160000Z',
): string {
  return lines(
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lumara tests//One//EN',
    'BEGIN:VEVENT',
    `UID:${title.replace(/\W+/g, '-')}@lumara.test`,
    'DTSTAMP:20261001T000000Z',
    `SUMMARY:${title}`,
    `DTSTART:${start}`,
    `DTEND:${end}`,
    'END:VEVENT',
    'END:VCALENDAR',
  );
}

/** iCalendar lines end in CRLF. */
function lines(...all: string[]): string {
  return `${all.filter(Boolean).join('\r\n')}\r\n`;
}
