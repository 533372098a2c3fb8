import type { BrowserContext, Page } from '@playwright/test';
import { expect, recordCspViolations, test } from './fixtures.ts';

/**
 * The first paint from the server (decision 0039): the signed-in dashboard's HTML already holds the member's
 * greeting, stat cards and tasks, with JavaScript off; with it on, hydration changes nothing a person sees and
 * React reports no mismatch. The sign-in page comes prerendered in the browser's language.
 */

/** What the dashboard's page shows, as text: its main region, where the first screen is. */
function mainText(page: Page): Promise<string> {
  return page.locator('main').first().innerText();
}

/** The zone cookie the app writes at its first start, written here so the first visit is a server-painted one. */
async function rememberTimeZone(context: BrowserContext, baseURL: string, page: Page): Promise<void> {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await context.addCookies([{ name: 'lumara-time-zone', value: encodeURIComponent(timeZone), url: baseURL }]);
}

test.describe('first paint from the server', () => {
  test('the dashboard paints its greeting, stats and tasks without JavaScript, and hydration changes nothing', async ({
    browser,
    page,
    context,
    signIn,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn({
      sub: `first-paint-${Date.now()}`,
      email: `fp-${Date.now()}@example.test`,
      name: 'Grace Hopper',
    });
    for (const title of ['Draft the <b>keynote</b> & slides', 'Review the compiler notes']) {
      const created = await page.request.post(`${baseURL}/api/tasks`, {
        headers: { origin: baseURL },
        data: { title },
      });
      expect(created.status()).toBe(201);
    }
    await page.goto('/login');
    await rememberTimeZone(context, baseURL, page);

    // JavaScript off: what the server sent is all there is.
    const withoutScript = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
      viewport: { width: 1280, height: 900 },
    });
    const staticPage = await withoutScript.newPage();
    await staticPage.goto('/');
    await expect(staticPage.getByRole('heading', { name: 'Welcome back, Grace' })).toBeVisible();
    await expect(
      staticPage.getByRole('button', { name: 'Open Draft the <b>keynote</b> & slides' }),
    ).toBeVisible();
    await expect(staticPage.getByRole('button', { name: 'Open Review the compiler notes' })).toBeVisible();
    await expect(staticPage.getByText('2 tasks in all')).toBeVisible();
    await expect(staticPage.getByText('Tasks Today', { exact: false }).first()).toBeVisible();
    const serverText = await mainText(staticPage);
    await withoutScript.close();

    // JavaScript on: the same page hydrated, with no mismatch reported and no script the CSP refused.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const violations = await recordCspViolations(page);
    await page.goto('/');
    await page.waitForFunction(() => document.getElementById('first-paint') === null);
    await page.waitForLoadState('networkidle');
    expect(await mainText(page)).toBe(serverText);
    // Hydrated: the board answers the keyboard and the mouse.
    await page.getByRole('button', { name: 'Open Review the compiler notes' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('the sign-in page comes painted in the browser language, before its script runs', async ({
    browser,
    baseURL,
  }) => {
    for (const [locale, heading] of [
      ['en-GB', 'Welcome to Lumara'],
      ['es-ES', 'Te damos la bienvenida a Lumara'],
    ] as const) {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale });
      const page = await context.newPage();
      const answer = await page.goto('/login');
      expect(answer?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      await context.close();
    }
  });
});
