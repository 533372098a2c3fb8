import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueIdentity } from './fixtures.ts';

/**
 * Every journey (add and move a task, run the timer, chat, post, generate) by keyboard alone. Nothing here
 * clicks or focuses an element by hand: the member gets around with Tab and Shift+Tab, the app's shortcuts
 * (`g` then a letter, `n`), and Enter, Space, the arrows and Escape, as someone who cannot use a pointer
 * does. Each test is a fresh member.
 */

/** Tab (or Shift+Tab) until `target` has focus, as a keyboard user reaches it; fails if it never does. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 120 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

function taskWrite(page: Page, method: 'POST' | 'PUT' | 'DELETE') {
  return page.waitForResponse(
    (response) => /\/api\/tasks(\/\d+)?$/.test(response.url()) && response.request().method() === method,
  );
}

function column(page: Page, name: 'To Do' | 'In Progress' | 'Done'): Locator {
  return page.getByRole('region', { name: 'Your Tasks' }).getByRole('region', { name });
}

test.describe('by keyboard alone', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  test('sign in, then sign out', async ({ page, actAs }) => {
    await actAs(uniqueIdentity({ name: 'Ada Keys' }));
    await page.goto('/login');
    await tabTo(page, page.getByRole('button', { name: 'Continue with Google' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back, Ada')).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Sign Out' }).first());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a task’s whole life: add with a label, edit, move to another column, complete, delete and undo', async ({
    page,
    signIn,
  }) => {
    test.slow();
    await signIn();
    await page.goto('/');
    await expect(page.getByText('No tasks yet. Add your first one above.')).toBeVisible();

    // n: the new-task field; the labels open from the toggle beside it.
    await page.keyboard.press('n');
    const form = page.getByRole('form', { name: 'New task' });
    await expect(form.getByRole('textbox', { name: 'New task' })).toBeFocused();
    await page.keyboard.type('Water the plants');
    await tabTo(page, form.getByRole('button', { name: 'Labels & date' }));
    await page.keyboard.press('Enter');
    await tabTo(page, form.getByRole('button', { name: 'music' }));
    await page.keyboard.press('Space');
    await expect(form.getByRole('button', { name: 'music' })).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, form.getByRole('button', { name: 'Add task' }));
    let saved = taskWrite(page, 'POST');
    await page.keyboard.press('Enter');
    expect((await saved).request().postDataJSON()).toMatchObject({
      title: 'Water the plants',
      labels: ['music'],
    });
    const todo = column(page, 'To Do');
    await expect(todo.getByRole('list', { name: 'Labels of Water the plants' })).toHaveText('music');

    // Edit: Enter opens the title, Enter saves it.
    await tabTo(page, todo.getByRole('button', { name: 'Edit Water the plants' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'New title for Water the plants' })).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Water the ferns');
    saved = taskWrite(page, 'PUT');
    await page.keyboard.press('Enter');
    expect((await saved).request().postDataJSON()).toEqual({ title: 'Water the ferns' });

    // To another column: the card's handle, Space, ArrowRight, Space.
    const handle = page.getByRole('button', { name: 'Move Water the ferns' });
    await tabTo(page, handle, { backwards: true });
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowRight');
    await expect(column(page, 'In Progress')).toHaveAttribute('data-drop-target', 'true');
    saved = taskWrite(page, 'PUT');
    await page.keyboard.press('Space');
    expect((await saved).request().postDataJSON()).toEqual({ status: 'doing' });
    await expect(column(page, 'In Progress').getByText('Water the ferns')).toBeVisible();

    // Complete: the status button, Enter.
    await tabTo(page, page.getByRole('button', { name: 'Water the ferns is In Progress. Mark as Done' }));
    saved = taskWrite(page, 'PUT');
    await page.keyboard.press('Enter');
    expect((await saved).request().postDataJSON()).toEqual({ status: 'done' });
    await expect(page.getByText('Done. Confetti for discipline, not just dopamine. 🎉')).toBeVisible();
    await expect(column(page, 'Done').getByText('Water the ferns')).toBeVisible();

    // Delete, then Undo from the toast (Alt+T takes the keyboard to the notifications).
    await tabTo(page, page.getByRole('button', { name: 'Delete Water the ferns' }));
    saved = taskWrite(page, 'DELETE');
    await page.keyboard.press('Enter');
    expect((await saved).ok()).toBe(true);
    await expect(page.getByRole('button', { name: 'Edit Water the ferns' })).toHaveCount(0);
    await page.keyboard.press('Alt+t');
    await tabTo(page, page.getByRole('button', { name: 'Undo' }));
    const restored = page.waitForResponse((response) => response.url().endsWith('/api/tasks/restore'));
    await page.keyboard.press('Enter');
    expect((await restored).status()).toBe(200);
    await expect(column(page, 'Done').getByText('Water the ferns')).toBeVisible();

    const tasks = (await (await page.request.get('/api/tasks')).json()) as {
      title: string;
      status: string;
    }[];
    expect(tasks).toMatchObject([{ title: 'Water the ferns', status: 'done' }]);
  });

  test('chat in the studio, and generate an image', async ({ page, signIn }) => {
    test.slow();
    await signIn();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your Tasks' })).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Provider' })).toBeEnabled();

    const message = page.getByRole('textbox', { name: 'Message' });
    await tabTo(page, message);
    await page.keyboard.type('Plan my morning');
    const streamed = page.waitForResponse((response) => response.url().endsWith('/api/chat/stream'));
    await page.keyboard.press('Enter');
    expect((await streamed).status()).toBe(200);
    await expect(
      page.getByRole('log', { name: 'Conversation' }).getByText('Lumara heard: "Plan my morning"'),
    ).toBeVisible();

    // The tabs are a WAI-ARIA tab list: the arrows move between them, Enter opens one.
    await tabTo(page, page.getByRole('tab', { name: 'AI Chat' }), { backwards: true });
    const fal = page.getByRole('tab', { name: 'Fal.ai Media' });
    for (let presses = 0; presses < 12; presses += 1) {
      if (await fal.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Enter');
    await expect(fal).toHaveAttribute('aria-selected', 'true');
    const falImage = page.getByRole('region', { name: 'fal.ai image' });
    await tabTo(page, falImage.getByRole('textbox', { name: 'Prompt' }));
    await page.keyboard.type('A lighthouse drawn in chalk');
    await tabTo(page, falImage.getByRole('button', { name: 'Generate image' }));
    const started = page.waitForResponse((response) => response.url().endsWith('/api/fal/image'));
    await page.keyboard.press('Enter');
    expect((await started).ok()).toBe(true);
    await expect(falImage.getByText('Saved to your gallery')).toBeVisible({ timeout: 40_000 });
  });

  test('post in the community, like it and comment on it', async ({ page, signIn }) => {
    test.slow();
    await signIn(uniqueIdentity({ name: 'Keyboard Poster' }));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your Tasks' })).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    await expect(page.getByText('Loading posts')).toHaveCount(0);

    await tabTo(page, page.getByRole('button', { name: 'Create Post' }).first());
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Post' });
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
    const title = `Typed, not clicked ${Date.now().toString(36)}`;
    await page.keyboard.type(title);
    await tabTo(page, dialog.getByRole('textbox', { name: 'Body' }));
    await page.keyboard.type('Every step of this post was a key.');
    await tabTo(page, dialog.getByRole('button', { name: 'Create Post' }));
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/community/posts') && response.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    expect((await created).status()).toBe(201);
    await expect(dialog).toBeHidden();

    const post = page.getByRole('article', { name: title, exact: true });
    const like = post.getByRole('button', { name: /^Like \d+$/ });
    await tabTo(page, like);
    await page.keyboard.press('Enter');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAccessibleName('Like 1');

    await tabTo(page, post.getByRole('button', { name: /^Comments \d+$/ }));
    await page.keyboard.press('Enter');
    const commentBox = post.getByRole('textbox', { name: 'Write a comment' });
    await tabTo(page, commentBox);
    await page.keyboard.type('Agreed, no mouse needed.');
    await page.keyboard.press('Enter');
    await expect(post.getByText('Agreed, no mouse needed.')).toBeVisible();
    await expect(post.getByRole('button', { name: /^Comments \d+$/ })).toHaveAccessibleName('Comments 1');
  });
});
