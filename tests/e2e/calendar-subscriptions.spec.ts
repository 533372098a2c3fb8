import { type CalendarHost, startCalendarHost } from '../fakes/calendar-host.ts';
import { expect, test } from './fixtures.ts';

/**
 * Settings → Calendar subscriptions: a calendar served by a fixture server (the internet, to the server, through
 * UNSAFE_OUTBOUND_ALLOW; global-setup.ts keeps its address) is subscribed to by link, and its event shows in the
 * week on the dashboard, in its calendar's colour and with its name.
 */

let host: CalendarHost;

test.beforeAll(async () => {
  const [address = '', port = ''] = (process.env.E2E_CALENDAR_HOST ?? '').split(':');
  host = await startCalendarHost({ host: address, port: Number(port) });
});
test.afterAll(async () => {
  await host?.close();
});

/** A daily event at noon UTC from two weeks ago: whatever today is, the week on screen holds it. */
function dailyCalendar(): string {
  const start = new Date(Date.now() - 14 * 24 * 60 * 60_000).toISOString().slice(0, 10).replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lumara e2e//EN',
    'X-WR-CALNAME:Choir',
    'BEGIN:VEVENT',
    'UID:rehearsal@lumara.test',
    'DTSTAMP:20260101T000000Z',
    'SUMMARY:Choir rehearsal',
    `DTSTART:${start}T120000Z`,
    `DTEND:${start}T130000Z`,
    'RRULE:FREQ=DAILY',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

test.describe('calendar subscriptions', () => {
  test('a calendar subscribed to in Settings shows its events in the week on the dashboard', async ({
    page,
    signIn,
  }) => {
    test.slow();
    host.serve('/choir.ics', { body: dailyCalendar() });
    await signIn();
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Calendar subscriptions' });
    await expect(card.getByText('No calendars yet.')).toBeVisible();
    await card.getByRole('textbox', { name: 'Calendar link' }).fill(host.url('/choir.ics'));
    await card.getByText('Purple').click();
    await card.getByRole('button', { name: 'Subscribe' }).click();

    const list = card.getByRole('list', { name: 'Your calendar subscriptions' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Choir');
    await expect(list).toContainText(/Updated /);
    expect(host.hits('/choir.ics')).toBe(1);

    await page.goto('/');
    const week = page.getByRole('region', { name: /Your Week/ });
    const rehearsals = week.getByText('Choir rehearsal');
    await expect(rehearsals).toHaveCount(7);
    await expect(week.getByText(/ · Choir$/).first()).toBeVisible();
    const bar = week.getByTestId('calendar-color').first();
    await expect(bar).toHaveCSS('background-color', 'rgb(147, 51, 234)');
  });
});
