import type { Locator, Page } from '@playwright/test';
import { expect, signInNewContext, test } from './fixtures.ts';

/**
 * One timer on every device: the same member in two browsers (two contexts, as two devices would be), each on
 * /focus with its live stream open. What one does shows in the other within 2 s, through `pomodoro.timer`.
 */

const LIVE_WITHIN_MS = 2_000;

function timerCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Focus timer' });
}

/** Opens /focus and waits until its live stream is connected and the timer read. */
async function openFocus(page: Page): Promise<void> {
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  const timer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/pomodoro/timer',
  );
  await page.goto('/focus');
  expect((await live).status()).toBe(200);
  expect((await timer).status()).toBe(200);
  await expect(timerCard(page).getByRole('timer')).toHaveText('25:00');
}

/** The time a page shows, in seconds. */
async function secondsShown(page: Page): Promise<number> {
  const text = (await timerCard(page).getByRole('timer').textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

test.describe('one timer on every device', () => {
  test('a run started in one browser shows in another within 2 s, and a pause there shows here', async ({
    page,
    browser,
    baseURL,
    oidcIssuer,
    signIn,
  }) => {
    const member = await signIn();
    const other = await signInNewContext(browser, { baseURL, oidcIssuer }, member);
    try {
      await openFocus(page);
      await openFocus(other.page);

      await timerCard(page).getByRole('button', { name: 'Start' }).click();
      await expect(timerCard(page).getByRole('button', { name: 'Pause' })).toBeVisible();
      const startedAt = Date.now();
      await expect(timerCard(other.page).getByRole('button', { name: 'Pause' })).toBeVisible({
        timeout: LIVE_WITHIN_MS,
      });
      expect(Date.now() - startedAt).toBeLessThanOrEqual(LIVE_WITHIN_MS);
      await expect(timerCard(other.page).getByText('Focusing')).toBeVisible();
      // Both count the same run down: the same time left, give or take the second between the two reads.
      await expect(timerCard(other.page).getByRole('timer')).not.toHaveText('25:00');
      const here = await secondsShown(page);
      const there = await secondsShown(other.page);
      expect(Math.abs(here - there)).toBeLessThanOrEqual(2);
      expect(there).toBeGreaterThan(1490);
      // The floating widget of each shows that run too.
      await expect(
        other.page
          .getByRole('region', { name: 'Pomodoro timer' })
          .getByRole('button', { name: 'Pause timer' }),
      ).toBeVisible();

      await timerCard(other.page).getByRole('button', { name: 'Pause' }).click();
      await expect(timerCard(other.page).getByText('Paused')).toBeVisible();
      const pausedAt = Date.now();
      await expect(timerCard(page).getByText('Paused')).toBeVisible({ timeout: LIVE_WITHIN_MS });
      expect(Date.now() - pausedAt).toBeLessThanOrEqual(LIVE_WITHIN_MS);
      await expect(timerCard(page).getByRole('button', { name: 'Start' })).toBeEnabled();
      // Paused, both hold the time the server kept.
      await expect
        .poll(async () => Math.abs((await secondsShown(page)) - (await secondsShown(other.page))))
        .toBeLessThanOrEqual(1);
      const timer = (await (await page.request.get('/api/pomodoro/timer')).json()) as {
        state: string;
        remaining_seconds: number;
      };
      expect(timer.state).toBe('paused');
      expect(Math.abs(timer.remaining_seconds - (await secondsShown(page)))).toBeLessThanOrEqual(1);
    } finally {
      await other.context.close();
    }
  });
});
