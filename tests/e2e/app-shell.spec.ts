import { expect, test } from './fixtures.ts';

const pages = [
  { path: '/', title: 'Dashboard' },
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/focus', title: 'Focus' },
  { path: '/studio', title: 'AI Studio' },
  { path: '/community', title: 'Community' },
  { path: '/music', title: 'Music' },
  { path: '/settings', title: 'Settings' },
];

test.describe('auth guard', () => {
  for (const { path } of [...pages, { path: '/no-such-page' }]) {
    test(`${path} sends a signed-out visitor to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    });
  }
});

test.describe('app shell', () => {
  test('every page shows its title, and the side navigation reaches each one', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    // A tour of seven pages with an accessibility scan on each: more than one page's worth of time.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn();
    for (const { path, title } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expectAccessible();
    }
    const nav = page.getByRole('navigation', { name: /main/i });
    for (const entry of ['Dashboard', 'Focus', 'AI Studio', 'Community', 'Music', 'Settings']) {
      await nav.getByRole('link', { name: entry }).click();
      await expect(page.getByRole('heading', { name: entry, level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: entry })).toHaveAttribute('aria-current', 'page');
    }
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });

  test('an unknown page says so, inside the app', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  });

  test('at 390 px: a top bar and a slide-in menu that closes on route change, outside click and Escape', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    // The menu is modal: the page behind it, its button included, is hidden from assistive technology until
    // it closes, so the button is found among hidden elements here.
    const openedButton = page.getByRole('button', { name: 'Open menu', includeHidden: true });
    await expect(openedButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await openedButton.getAttribute('aria-controls')}`);
    await expect(menu).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectAccessible();
    await menu.getByRole('link', { name: 'Music' }).click();
    await expect(page).toHaveURL(/\/music$/);
    await expect(menu).toBeHidden();
    // The Music page has rendered (its route is loaded on demand) before the menu is opened again.
    await expect(page.getByRole('heading', { name: 'Music', level: 1 })).toBeVisible();

    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(380, 800);
    await expect(menu).toBeHidden();

    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Nothing overflows sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the floating timer switch keeps its setting across reloads', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn();
    await page.goto('/');
    const toggle = page.getByRole('switch', { name: 'Floating timer' }).first();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Floating timer' }).first()).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  test('the whole journey works by keyboard alone', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn();
    await page.goto('/');
    const focusLink = page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Focus' });
    for (let i = 0; i < 15 && !(await focusLink.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(focusLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Focus', level: 1 })).toBeVisible();
  });
});
