import { expect, test } from './fixtures.ts';
import { themesToScan } from './themes-to-scan.ts';

test.describe('keyboard shortcuts', () => {
  test('the ? sheet opens, and every shortcut it lists does what it says', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your Tasks' })).toBeVisible();

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await expectAccessible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // g then a letter: each page.
    for (const [key, path, title] of [
      ['f', '/focus', 'Focus'],
      ['a', '/studio', 'AI Studio'],
      ['c', '/community', 'Community'],
      ['m', '/music', 'Music'],
      ['i', '/insights', 'Insights'],
      ['s', '/settings', 'Settings'],
      ['d', '/', 'Dashboard'],
    ] as const) {
      await page.keyboard.press('g');
      await page.keyboard.press(key);
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : `${path}$`}`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }

    // n, from another page: the dashboard's new-task field, typed into and sent with Enter.
    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await expect(page.getByRole('heading', { level: 1, name: 'Music' })).toBeVisible();
    await page.keyboard.press('n');
    const field = page.getByRole('textbox', { name: 'New task' });
    await expect(field).toBeFocused();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/tasks') && response.request().method() === 'POST',
    );
    await page.keyboard.type('Typed with the keyboard');
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(201);
    await field.blur();

    // v: list, then kanban again.
    await page.keyboard.press('v');
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('v');
    await expect(page.getByRole('button', { name: 'Kanban' })).toHaveAttribute('aria-pressed', 'true');

    // t: the floating timer starts and pauses; w hides and shows it.
    const widget = page.getByRole('region', { name: 'Pomodoro timer' });
    await page.keyboard.press('t');
    await expect(widget.getByRole('button', { name: 'Pause timer' })).toBeVisible();
    await page.keyboard.press('t');
    await expect(widget.getByRole('button', { name: 'Start timer' })).toBeVisible();
    await page.keyboard.press('w');
    await expect(widget).toBeHidden();
    await page.keyboard.press('w');
    await expect(widget).toBeVisible();
  });

  test('the command palette finds a task by title and opens it, from another page', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto('/');
    const form = page.getByRole('form', { name: 'New task' });
    await form.getByRole('textbox', { name: 'New task' }).fill('Renew the passport');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/tasks') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Add task' }).click();
    expect((await saved).status()).toBe(201);

    await page.goto('/music');
    await expect(page.getByRole('heading', { level: 1, name: 'Music' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go anywhere, do anything' });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('passport');
    await expect(palette.getByRole('option', { name: 'Renew the passport' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Move Renew the passport' })).toBeFocused();
  });

  test('the shortcuts sheet and the command palette pass axe in every theme', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    test.setTimeout(240_000);
    await signIn();
    await page.goto('/settings');
    for (const theme of themesToScan) {
      await page.evaluate((id) => window.localStorage.setItem('theme', id), theme);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('?');
      const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(sheet).toBeVisible();
      await expectAccessible();
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Go anywhere, do anything' })).toBeVisible();
      await expectAccessible();
      await page.keyboard.press('Escape');
    }
  });
});
