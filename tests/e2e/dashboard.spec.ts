import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The dashboard's summary of part 1 §2: greeting, the four stat cards, Enter Focus Mode, compact badges. */

function statValue(page: Page, label: string): Locator {
  return page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
}

test.describe('dashboard', () => {
  test('the stat cards start at zero and follow the work done', async ({ page, signIn, baseURL }) => {
    await signIn();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();
    await expect(statValue(page, 'Tasks Today')).toHaveText('0');
    await expect(statValue(page, 'Pomodoros')).toHaveText('0');
    await expect(statValue(page, 'Streak')).toHaveText('0 days');
    await expect(statValue(page, 'Badges')).toHaveText('0');

    const created = await page.request.post(`${baseURL}/api/tasks`, {
      headers: { origin: baseURL },
      data: { title: 'Write the liner notes' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const done = await page.request.put(`${baseURL}/api/tasks/${id}`, {
      headers: { origin: baseURL },
      data: { status: 'done' },
    });
    expect(done.status()).toBe(200);

    await page.reload();
    await expect(statValue(page, 'Tasks Today')).toHaveText('1');
    await expect(statValue(page, 'Streak')).toHaveText('1 day');
    await expect(statValue(page, 'Pomodoros')).toHaveText('0');
  });

  test('asks for the stats in the browser’s time zone', async ({ page, signIn }) => {
    await signIn();
    const statsRequest = page.waitForRequest((request) => request.url().includes('/api/dashboard/stats'));
    await page.goto('/');
    const url = new URL((await statsRequest).url());
    expect(url.searchParams.get('time_zone')).toBe(
      await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
  });

  test('Enter Focus Mode goes to /focus', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/');
    await page.getByRole('button', { name: 'Enter Focus Mode' }).click();
    await expect(page).toHaveURL(/\/focus$/);
    await expect(page.getByRole('heading', { name: 'Focus', level: 1 })).toBeVisible();
  });

  test('the compact badges panel shows the first three badges, none earned yet', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/');
    const panel = page.getByRole('region', { name: 'Badges' });
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    await expect(panel.getByRole('listitem')).toContainText([
      'First Flight',
      'Four Pomodoros',
      'Glow Mentor',
    ]);
    await expect(panel.getByText('Not earned yet')).toHaveCount(3);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`passes axe and does not overflow at ${viewport.width} px`, async ({
      page,
      signIn,
      expectAccessible,
    }) => {
      await page.setViewportSize(viewport);
      await signIn();
      await page.goto('/');
      await expect(statValue(page, 'Badges')).toHaveText('0');
      await expect(page.getByRole('region', { name: 'Badges' }).getByText('Not earned yet')).toHaveCount(3);
      await expectAccessible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
