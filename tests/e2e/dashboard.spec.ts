import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The dashboard's summary: greeting, the four stat cards, Enter Focus Mode, compact badges. */

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

  test('loads every card in one call, asked in the browser’s time zone', async ({ page, signIn }) => {
    await signIn();
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname);
    });
    const firstLoad = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/dashboard');
    await page.goto('/');
    const url = new URL((await firstLoad).url());
    expect(url.searchParams.get('time_zone')).toBe(
      await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
    await expect(statValue(page, 'Streak')).toHaveText('0 days');
    await expect(page.getByRole('heading', { name: 'Your Tasks' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // What each card used to ask for itself came in that one answer.
    const cardRoutes = [
      '/api/dashboard/stats',
      '/api/tasks',
      '/api/music/list',
      '/api/media',
      '/api/widgets',
    ];
    expect(calls.filter((call) => cardRoutes.includes(call) || call === '/api/calendar/week')).toEqual([]);
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

  test('the week calendar shows a task due this week, in the member’s zone', async ({
    page,
    signIn,
    baseURL,
  }) => {
    test.slow();
    await signIn();
    await page.goto('/');
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const today = await page.evaluate(
      (timeZone) =>
        new Intl.DateTimeFormat('en-CA', {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(new Date()),
      zone,
    );
    const created = await page.request.post(`${baseURL}/api/tasks`, {
      headers: { origin: baseURL },
      data: { title: 'Master the B-side', due_date: today },
    });
    expect(created.status()).toBe(201);

    const calendar = page.getByRole('region', { name: `Your Week (${zone})` });
    await calendar.getByRole('button', { name: 'Refresh' }).click();
    const todayCell = calendar.locator('li[aria-current="date"]');
    await expect(todayCell.getByText('Master the B-side')).toBeVisible();
    await expect(todayCell.getByText('Due · All day')).toBeVisible();
    await expect(calendar.getByRole('link', { name: /Open calendar/ })).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\/calendar\/r\/week\//,
    );
  });

  test('the profile card: the name from sign-in, as in the side bar, and a status edited in place', async ({
    page,
    signIn,
  }) => {
    test.slow();
    await signIn();
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Your Profile' });
    await expect(card.getByText('Ada Lovelace')).toBeVisible();
    // The same name in the side bar, where the member's sign-in name shows.
    await expect(page.getByText('Ada Lovelace', { exact: true })).toHaveCount(2);
    await card.getByRole('button', { name: /Set a status/ }).click();
    const field = card.getByRole('textbox', { name: 'Status' });
    await field.fill('Writing the bridge');
    // Leaving the field cancels.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).click();
    await expect(field).toBeHidden();
    await expect(card.getByRole('button', { name: /Set a status/ })).toBeVisible();

    await card.getByRole('button', { name: /Set a status/ }).click();
    await card.getByRole('textbox', { name: 'Status' }).fill('  Writing the bridge  ');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('button', { name: /Writing the bridge/ })).toBeVisible();
    await page.reload();
    await expect(card.getByRole('button', { name: 'Writing the bridge (edit status)' })).toBeVisible();
  });

  test('the compact theme picker previews on hover and applies on click', async ({ page, signIn }) => {
    test.slow();
    await signIn();
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Theme Cosmic Pink' });
    await toggle.click();
    const themes = page.getByRole('group', { name: 'Themes' });
    await themes.getByRole('button', { name: /Aurora Borealis/ }).hover();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('aurora');
    await page.keyboard.press('Escape');
    await expect(themes).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('default');

    await toggle.click();
    await themes.getByRole('button', { name: /Lavender Fields/ }).click();
    await expect(page.getByRole('button', { name: 'Theme Lavender Fields' })).toBeVisible();
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('lavender');
  });
});
