import ICAL from 'ical.js';
import { expect, test } from './fixtures.ts';

/**
 * Settings → Calendar: the feed address made in the card, copied with its Copy button, is read by a client with
 * no cookie (as Google or Apple Calendar would read it) and is a calendar holding the task made in this test;
 * replaced, the old address answers 404.
 */
test.describe('calendar feed', () => {
  test('the address made in Settings is a calendar any client reads, without a cookie', async ({
    page,
    context,
    baseURL,
    signIn,
    playwright,
    expectAccessible,
  }) => {
    test.slow();
    await signIn();
    const title = `Feed check ${Date.now()}`;
    const made = await page.request.post('/api/tasks', {
      headers: { origin: baseURL },
      data: { title, due_date: '2026-12-24', due_time: '18:00', time_zone: 'Europe/Madrid' },
    });
    expect(made.status()).toBe(201);

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Calendar' });
    // The settings page loads a dozen cards' reads at once: on a busy two-core machine that outlasts the default.
    await expect(card.getByText('You have no calendar address yet.')).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Create calendar address' }).click();
    const address = card.getByRole('textbox', { name: 'Your calendar address' });
    await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectAccessible();

    await card.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Address copied')).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(await address.inputValue());
    await expect(card.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
      'href',
      url.replace(/^https?:/, 'webcal:'),
    );

    // A calendar app: its own client, no cookie of this browser.
    const outsider = await playwright.request.newContext();
    try {
      const feed = await outsider.get(url);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
      expect(calendar.name).toBe('vcalendar');
      const summaries = calendar
        .getAllSubcomponents('vevent')
        .map((event) => event.getFirstPropertyValue('summary'));
      expect(summaries).toContain(title);

      await card.getByRole('button', { name: 'Replace address' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Replace your calendar address?' });
      await dialog.getByRole('button', { name: 'Replace address' }).click();
      await expect(page.getByText('New calendar address made')).toBeVisible();
      await expect(address).not.toHaveValue(url);
      expect((await outsider.get(url)).status()).toBe(404);
      expect((await outsider.get(await address.inputValue())).status()).toBe(200);
    } finally {
      await outsider.dispose();
    }
  });
});
