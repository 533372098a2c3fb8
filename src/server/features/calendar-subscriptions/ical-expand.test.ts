import { describe, expect, it } from 'vitest';
import { oneEventCalendar, teamCalendar } from '#tests/factories/calendar-files.ts';
import { expandCalendar, NotACalendarError } from './ical-expand.ts';

const window = { from: new Date('2026-09-23T00:00:00Z'), until: new Date('2027-12-27T00:00:00Z') };
const limits = { maxOccurrences: 5_000, titleMax: 200 };

const calendarWith = (...event: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', ...event, 'END:VEVENT', 'END:VCALENDAR', ''].join(
    '\r\n',
  );

describe('expandCalendar', () => {
  it('refuses what is no calendar', () => {
    for (const text of ['', '<!doctype html><p>hi</p>', '{"a":1}', 'BEGIN:VCARD\r\nEND:VCARD\r\n']) {
      expect(() => expandCalendar(text, window, limits)).toThrow(NotACalendarError);
    }
  });

  it("reads the calendar's name and skips cancelled events", () => {
    const { name, events } = expandCalendar(teamCalendar({ name: 'Work' }), window, limits);
    expect(name).toBe('Work');
    expect(events.some((event) => event.title === 'Cancelled meeting')).toBe(false);
    expect(events.filter((event) => event.title === 'Review')).toHaveLength(4);
  });

  it('keeps at most the cap, earliest first, and stops a hostile rule within its budget', () => {
    const started = Date.now();
    const { events } = expandCalendar(
      calendarWith('UID:storm@x', 'SUMMARY:Storm', 'DTSTART:19700101T000000Z', 'RRULE:FREQ=SECONDLY'),
      window,
      { ...limits, maxOccurrences: 50, timeBudgetMs: 500 },
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(events.length).toBeLessThanOrEqual(50);

    const daily = expandCalendar(
      calendarWith('UID:daily@x', 'SUMMARY:Daily', 'DTSTART:20260901T080000Z', 'RRULE:FREQ=HOURLY'),
      window,
      { ...limits, maxOccurrences: 100 },
    ).events;
    expect(daily).toHaveLength(100);
    expect(daily[0]).toMatchObject({ allDay: false, startsAt: new Date('2026-09-23T00:00:00Z') });
  });

  it('cuts long titles by characters', () => {
    const title = '🙂'.repeat(300);
    const [event] = expandCalendar(oneEventCalendar(title), window, { ...limits, titleMax: 10 }).events;
    expect(event?.title).toBe('🙂'.repeat(10));
  });
});
