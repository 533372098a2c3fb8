import type { Page } from '@playwright/test';
import { expect, signInNewContext, test } from './fixtures.ts';
import { themesToScan } from './themes-to-scan.ts';

/**
 * /settings: the profile kept across reloads, themes previewed and applied and restored at
 * start-up, a wallpaper generated through the fake fal and restored at start-up, and the page's accessibility.
 */

const shownTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);

test.describe('settings', () => {
  test('lists the member’s two browsers and signs the other one out', async ({
    page,
    browser,
    baseURL,
    oidcIssuer,
    signIn,
    expectAccessible,
  }) => {
    test.slow();
    const identity = await signIn();
    const phone = await signInNewContext(browser, { baseURL, oidcIssuer }, identity);
    try {
      await phone.page.goto('/settings');
      await expect(phone.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Sessions' });
      const sessions = card.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
      await expect(sessions).toHaveCount(2);
      const here = sessions.filter({ hasText: 'This device' });
      await expect(here).toHaveCount(1);
      await expect(here.getByRole('button')).toHaveCount(0);
      const other = sessions.filter({ hasNotText: 'This device' });
      await expect(other).toContainText('Last active');
      await expectAccessible();

      await other.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByText(/^Signed out /)).toBeVisible();
      await expect(sessions).toHaveCount(1);
      await expect(card.getByText('No other browser is signed in.')).toBeVisible();

      // The other browser is signed out: its next page asks it to sign in.
      await phone.page.reload();
      await expect(phone.page).toHaveURL(/\/login$/);
      // This one stays signed in.
      await page.reload();
      await expect(card.getByRole('list', { name: 'Your sessions' }).getByRole('listitem')).toHaveCount(1);
    } finally {
      await phone.context.close();
    }
  });

  test('edits the profile and sees it after a reload', async ({ page, signIn }) => {
    test.slow();
    await signIn();
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profile Info' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('textbox', { name: 'Display name' }).fill('Ada the Bold');
    await page.getByRole('textbox', { name: 'About' }).fill('I count pomodoros and compose for engines.');
    const tags = page.getByRole('textbox', { name: 'Tags' });
    await tags.fill(' music ');
    await tags.press('Enter');
    await tags.fill('music');
    await tags.press('Enter');
    await tags.fill('wellness');
    await tags.press('Enter');
    await page.getByRole('button', { name: 'Remove tag wellness' }).click();
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('America/Santiago');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Display name' })).toHaveValue('Ada the Bold');
    await expect(page.getByRole('textbox', { name: 'About' })).toHaveValue(
      'I count pomodoros and compose for engines.',
    );
    await expect(page.getByRole('list', { name: 'Your tags' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Remove tag music' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Santiago');

    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Your Profile' });
    await expect(card.getByText('Ada the Bold')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your Week (America/Santiago)' })).toBeVisible();
  });

  test('previews a theme, applies it, and finds it again after a reload', async ({ page, signIn }) => {
    test.slow();
    await signIn();
    await page.goto('/settings?tab=themes');
    await expect(page.getByRole('heading', { name: 'Theme Studio' })).toBeVisible();
    expect(await shownTheme(page)).toBe('default');

    const ocean = page.locator('[data-theme-option="ocean"]');
    await ocean.hover();
    await expect.poll(() => shownTheme(page)).toBe('ocean');
    await page.getByRole('heading', { name: 'Theme Studio' }).hover();
    await expect.poll(() => shownTheme(page)).toBe('default');

    // exact: the floating timer has a "Reset timer" button.
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByRole('button', { name: 'Random', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Previewing' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBeNull();

    const saved = page.waitForResponse((response) => response.url().endsWith('/api/profile/set-theme'));
    await page.getByRole('button', { name: 'Apply Elegant Noir', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => shownTheme(page)).toBe('noir');
    const ink = await page.evaluate(() => getComputedStyle(document.body).color);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Theme Studio' })).toBeVisible();
    await expect.poll(() => shownTheme(page)).toBe('noir');
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe(ink);

    // A new browser (nothing stored locally) gets it back from the profile at start-up.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/dashboard');
    await expect.poll(() => shownTheme(page)).toBe('noir');

    // The Color Themes tab's themes are applied through POST /api/theme/apply.
    await page.goto('/settings?tab=themes');
    const applied = page.waitForResponse((response) => response.url().endsWith('/api/theme/apply'));
    await page.getByRole('button', { name: 'Apply Sakura Garden color theme' }).click();
    expect((await applied).status()).toBe(200);
    await page.reload();
    await expect.poll(() => shownTheme(page)).toBe('sakura-garden');
  });

  test('generates a wallpaper through the fake fal and finds it restored at start-up', async ({
    page,
    signIn,
  }) => {
    test.slow();
    await signIn();
    await page.goto('/settings?tab=wallpapers');
    const generate = page.getByRole('button', { name: 'Generate wallpaper' });
    await expect(generate).toBeEnabled();
    await page.getByRole('radio', { name: 'Parrot Constellations' }).check();
    const started = page.waitForResponse((response) => response.url().endsWith('/api/ai/image'));
    await generate.click();
    const answer = (await (await started).json()) as { provider: string; status: string };
    expect(answer.provider).toBe('fal');
    await expect(page.getByRole('img', { name: 'Your new wallpaper' })).toBeVisible({ timeout: 40_000 });

    await page.getByRole('button', { name: 'Set as wallpaper' }).click();
    await expect(page.getByText('Wallpaper set')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.body.dataset.wallpaper ?? null)).toBe('image');

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.body.dataset.wallpaper ?? null)).toBe('image');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
    expect(background).toMatch(/url\("[^"]*\/api\/wallpapers\/\d+\/[0-9a-f-]{36}\.\w+"\)/);
    // The stored copy is served to its owner.
    const url = /url\("([^"]+)"\)/.exec(background)?.[1] ?? '';
    const image = await page.request.get(url);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
  });

  test('a gradient wallpaper works with no AI configured at all', async ({
    page,
    devBaseURL,
    expectAccessible,
  }) => {
    test.slow();
    // The development server has no AI provider configured.
    await page.goto(`${devBaseURL}/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(`grace-${Date.now()}@example.test`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(`${devBaseURL}/settings?tab=wallpapers`);
    await expect(page.getByRole('note')).toContainText('the operator must set FAL_KEY');
    await expect(page.getByRole('button', { name: 'Generate wallpaper' })).toBeDisabled();
    await page.getByRole('button', { name: 'Use the Miami Sunset gradient' }).click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.wallpaper ?? null)).toBe('gradient');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.body.dataset.wallpaper ?? null)).toBe('gradient');
    await expect(page.getByRole('region', { name: 'AI Services' })).toContainText(
      'Avatar and wallpaper generation',
    );
    await expectAccessible();
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`passes axe on every tab and does not overflow at ${viewport.width} px`, async ({
      page,
      signIn,
      expectAccessible,
    }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await signIn();
      await page.goto('/settings');
      await expect(
        page.getByRole('region', { name: 'Account Information' }).getByText('Member since'),
      ).toBeVisible();
      for (const tab of [
        'Profile Info',
        'Avatar Magic',
        'About Generator',
        'Cosmic Wallpapers',
        'Color Themes',
        'AI Settings',
      ]) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
        await expectAccessible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, tab).toBeLessThanOrEqual(0);
      }
    });
  }

  // One test per page, so the two run side by side; a scan per theme swept (themes-to-scan.ts).
  for (const path of ['/dashboard', '/settings']) {
    test(`every theme passes axe on ${path}`, async ({ page, signIn, expectAccessible }) => {
      test.setTimeout(150_000);
      await signIn();
      // The theme is stored on the app's origin: open it first.
      await page.goto(path);
      for (const theme of themesToScan) {
        await page.evaluate((id) => window.localStorage.setItem('theme', id), theme);
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect.poll(() => shownTheme(page)).toBe(theme);
        await expectAccessible();
      }
    });
  }
});
