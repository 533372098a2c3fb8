import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The tasks journey on the dashboard's "Your Tasks" card: create, label, edit, cycle the
 * status, delete and undo, and move tasks on the board by pointer and by keyboard, with the order kept on the
 * server. Every test is a fresh member with no tasks.
 */

const COMPLETED = 'Done. Confetti for discipline, not just dopamine. 🎉';

function tasksCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Your Tasks' });
}

function column(page: Page, name: 'To Do' | 'In Progress' | 'Done'): Locator {
  return tasksCard(page).getByRole('region', { name });
}

/** The titles of a board column (or list section), top to bottom. */
function titlesIn(area: Locator): Promise<string[]> {
  return area
    .locator(':scope > ul > li')
    .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(tasksCard(page)).toBeVisible();
  await expect(tasksCard(page).getByText('Loading your tasks')).toHaveCount(0);
}

async function addTask(page: Page, title: string) {
  const form = tasksCard(page).getByRole('form', { name: 'New task' });
  await form.getByRole('textbox', { name: 'New task' }).fill(title);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/tasks') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add task' }).click();
  expect((await saved).status()).toBe(201);
}

/** Waits for the PUT the last move sent, so a reload reads what the server kept. */
function taskSaved(page: Page) {
  return page.waitForResponse(
    (response) => /\/api\/tasks\/\d+$/.test(response.url()) && response.request().method() === 'PUT',
  );
}

/**
 * A real pointer drag: press, move past the 8 px activation distance, glide to the target, and release once
 * `over` has seen the board react. The handle is brought to the middle of the window first: held near its
 * bottom edge, dnd-kit scrolls the page, and on a slow machine far enough that the glide ends on another card.
 * If the board still has not reacted, the pointer aims again at where the target is now, as a person would.
 */
async function drag(
  page: Page,
  handle: Locator,
  to: Locator,
  { over }: { over: (timeout: number) => Promise<void> },
) {
  await handle.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const from = await handle.boundingBox();
  if (!from) throw new Error('drag source is not on screen');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 4, start.y + 12, { steps: 4 });
  let steps = 20;
  await expect(async () => {
    const target = await to.boundingBox();
    if (!target) throw new Error('drag target is not on screen');
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps });
    steps = 2;
    // Release only once the board knows what it is over, as a person would see before letting go.
    await over(1_500);
  }).toPass({ timeout: 7_000 });
  await page.mouse.up();
  await settled(page);
}

/** The dropped card has flown to its place: nothing covers the board any more. */
async function settled(page: Page) {
  await expect(page.getByTestId('task-drag-preview')).toHaveCount(0);
}

/**
 * Focus a task's drag handle and press Space: the task is picked up. dnd-kit starts listening for the arrow
 * keys on the next task of the page's event loop, so the helper waits that one task before anyone presses one.
 */
async function pickUp(page: Page, handle: Locator) {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

test.describe('tasks', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  test('a member adds a labelled task with a due date, edits it, and cycles its status', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await signIn();
    await openDashboard(page);
    const card = tasksCard(page);
    await expect(card.getByText('No tasks yet. Add your first one above.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Kanban' })).toHaveAttribute('aria-pressed', 'true');
    // An empty board still shows where tasks go.
    for (const name of ['To Do', 'In Progress', 'Done'] as const) {
      await expect(column(page, name).getByText('Drop a task here')).toBeVisible();
    }

    // An empty title sends nothing.
    await card.getByRole('button', { name: 'Add task' }).click();
    await expect(card.getByText('No tasks yet. Add your first one above.')).toBeVisible();

    const form = card.getByRole('form', { name: 'New task' });
    await form.getByRole('textbox', { name: 'New task' }).fill('  Record the demo  ');
    await form.getByRole('button', { name: 'Labels & date' }).click();
    await form.getByRole('button', { name: 'music' }).click();
    await form.getByRole('textbox', { name: 'Custom label' }).fill(' launch ');
    await form.getByRole('textbox', { name: 'Custom label' }).press('Enter');
    await form.getByLabel('Due date (optional)').fill('2031-11-30');
    await form.getByRole('textbox', { name: 'New task' }).press('Enter');

    const todo = column(page, 'To Do');
    await expect.poll(() => titlesIn(todo)).toEqual(['Record the demo']);
    await expect(
      todo.getByRole('list', { name: 'Labels of Record the demo' }).getByRole('listitem'),
    ).toHaveText(['music', 'launch']);
    await expect(todo.getByText('Due Nov 30, 2031')).toBeVisible();
    await expect(card.getByText('1 task in all')).toBeVisible();
    await expectAccessible();

    await page.reload();
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['Record the demo']);
    await expect(column(page, 'To Do').getByText('launch')).toBeVisible();

    // Edit: Enter saves (trimmed), Escape cancels.
    await card.getByRole('button', { name: 'Edit Record the demo' }).click();
    const titleInput = card.getByRole('textbox', { name: 'New title for Record the demo' });
    await expect(titleInput).toBeFocused();
    await titleInput.fill('  Record the launch demo ');
    const renamed = taskSaved(page);
    await titleInput.press('Enter');
    expect((await renamed).status()).toBe(200);
    await card.getByRole('button', { name: 'Edit Record the launch demo' }).click();
    await card.getByRole('textbox', { name: 'New title for Record the launch demo' }).fill('Never mind');
    await page.keyboard.press('Escape');
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['Record the launch demo']);

    // Status: todo → doing → done (celebrated) → todo.
    let saved = taskSaved(page);
    await card.getByRole('button', { name: 'Record the launch demo is To Do. Mark as In Progress' }).click();
    await saved;
    await expect.poll(() => titlesIn(column(page, 'In Progress'))).toEqual(['Record the launch demo']);
    saved = taskSaved(page);
    await card.getByRole('button', { name: 'Record the launch demo is In Progress. Mark as Done' }).click();
    await saved;
    await expect.poll(() => titlesIn(column(page, 'Done'))).toEqual(['Record the launch demo']);
    await expect(page.getByText(COMPLETED)).toBeVisible();
    await expect(page.getByTestId('confetti').locator('[data-confetti-piece]')).toHaveCount(60);
    await expect(page.getByTestId('confetti')).toHaveCSS('pointer-events', 'none');

    await page.reload();
    await expect.poll(() => titlesIn(column(page, 'Done'))).toEqual(['Record the launch demo']);
    saved = taskSaved(page);
    await card.getByRole('button', { name: 'Record the launch demo is Done. Mark as To Do' }).click();
    await saved;
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['Record the launch demo']);
  });

  test('a deleted task can be brought back with Undo, at the top', async ({ page, signIn }) => {
    await signIn();
    await openDashboard(page);
    await addTask(page, 'Older');
    await addTask(page, 'Newer');
    const todo = column(page, 'To Do');
    await expect.poll(() => titlesIn(todo)).toEqual(['Newer', 'Older']);

    await tasksCard(page).getByRole('button', { name: 'Delete Older' }).click();
    await expect.poll(() => titlesIn(todo)).toEqual(['Newer']);
    const toast = page.getByRole('listitem').filter({ hasText: 'Task deleted' });
    await expect(toast).toBeVisible();
    const restored = page.waitForResponse((response) => response.url().endsWith('/api/tasks/restore'));
    await toast.getByRole('button', { name: 'Undo' }).click();
    expect((await restored).status()).toBe(200);
    await expect.poll(() => titlesIn(todo)).toEqual(['Older', 'Newer']);

    await page.reload();
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['Older', 'Newer']);

    // Without Undo the task stays gone.
    const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE');
    await tasksCard(page).getByRole('button', { name: 'Delete Newer' }).click();
    expect((await deleted).status()).toBe(200);
    await page.reload();
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['Older']);
  });

  test('tasks are dragged by pointer within a column and to another column; the order survives a reload', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await openDashboard(page);
    for (const title of ['A', 'B', 'C']) await addTask(page, title);
    const card = tasksCard(page);
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['C', 'B', 'A']);

    // A click is not a drag: the handle does nothing under 8 px.
    await card.getByRole('button', { name: 'Move A' }).click();
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['C', 'B', 'A']);

    // Onto a task of the same column: A takes C's place at the top.
    let saved = taskSaved(page);
    await drag(
      page,
      card.getByRole('button', { name: 'Move A' }),
      column(page, 'To Do').getByText('C', { exact: true }),
      {
        over: (timeout) => expect(page.getByText('A: Over place 1 of 3 in To Do.')).toBeAttached({ timeout }),
      },
    );
    expect((await saved).request().postDataJSON()).toEqual({ position: 0 });
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['A', 'C', 'B']);

    // Onto another column (its header): B goes to In Progress.
    saved = taskSaved(page);
    await drag(
      page,
      card.getByRole('button', { name: 'Move B' }),
      column(page, 'In Progress').getByRole('heading'),
      {
        over: (timeout) =>
          expect(column(page, 'In Progress')).toHaveAttribute('data-drop-target', 'true', { timeout }),
      },
    );
    expect((await saved).request().postDataJSON()).toEqual({ status: 'doing' });
    await expect.poll(() => titlesIn(column(page, 'In Progress'))).toEqual(['B']);
    await expect(column(page, 'In Progress').getByText('1 task', { exact: true })).toBeVisible();

    // Onto a task of another column: nothing happens.
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(request.url());
    });
    await drag(
      page,
      card.getByRole('button', { name: 'Move C' }),
      column(page, 'In Progress').getByText('B', { exact: true }),
      {
        over: (timeout) =>
          expect(page.getByText('C: Over B in In Progress. Dropping here changes nothing.')).toBeAttached({
            timeout,
          }),
      },
    );
    await page.waitForTimeout(300);
    expect(puts).toEqual([]);
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['A', 'C']);

    await page.reload();
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['A', 'C']);
    await expect.poll(() => titlesIn(column(page, 'In Progress'))).toEqual(['B']);
  });

  test('tasks are moved with the keyboard alone: Space, arrows, Space', async ({ page, signIn }) => {
    await signIn();
    await openDashboard(page);
    for (const title of ['One', 'Two', 'Three']) await addTask(page, title);
    const card = tasksCard(page);
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['Three', 'Two', 'One']);

    // To another column: Space, ArrowRight, Space.
    const handle = card.getByRole('button', { name: 'Move One' });
    await pickUp(page, handle);
    await page.keyboard.press('ArrowRight');
    await expect(column(page, 'In Progress')).toHaveAttribute('data-drop-target', 'true');
    let saved = taskSaved(page);
    await page.keyboard.press('Space');
    expect((await saved).request().postDataJSON()).toEqual({ status: 'doing' });
    await settled(page);
    await expect.poll(() => titlesIn(column(page, 'In Progress'))).toEqual(['One']);
    // The keyboard stays with the task in its new place.
    await expect(card.getByRole('button', { name: 'Move One' })).toBeFocused();

    // Within its column: Three goes down one place.
    const three = card.getByRole('button', { name: 'Move Three' });
    await pickUp(page, three);
    await page.keyboard.press('ArrowDown');
    // What a screen reader hears; also the sign that the board knows where the task is.
    await expect(page.getByText('Three: Over place 2 of 2 in To Do.')).toBeAttached();
    saved = taskSaved(page);
    await page.keyboard.press('Space');
    expect((await saved).request().postDataJSON()).toEqual({ position: 1 });
    await settled(page);
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['Two', 'Three']);
    await expect(three).toBeFocused();

    // Escape cancels.
    const two = card.getByRole('button', { name: 'Move Two' });
    await pickUp(page, two);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await settled(page);
    await expect(two).not.toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['Two', 'Three']);

    // Two columns over, to Done: completed, and celebrated.
    const one = card.getByRole('button', { name: 'Move One' });
    await pickUp(page, one);
    await page.keyboard.press('ArrowRight');
    await expect(column(page, 'Done')).toHaveAttribute('data-drop-target', 'true');
    saved = taskSaved(page);
    await page.keyboard.press('Space');
    expect((await saved).request().postDataJSON()).toEqual({ status: 'done' });
    await settled(page);
    await expect(page.getByText(COMPLETED)).toBeVisible();

    await page.reload();
    await expect.poll(() => titlesIn(column(page, 'To Do'))).toEqual(['Two', 'Three']);
    await expect.poll(() => titlesIn(column(page, 'In Progress'))).toEqual([]);
    await expect.poll(() => titlesIn(column(page, 'Done'))).toEqual(['One']);
  });

  test('the list view shows sections, and Done shows its first 5', async ({ page, signIn }) => {
    await signIn();
    await openDashboard(page);
    for (let i = 1; i <= 6; i += 1) await addTask(page, `Chore ${i}`);
    const card = tasksCard(page);
    await card.getByRole('button', { name: 'List' }).click();
    for (let i = 1; i <= 6; i += 1) {
      const saved = taskSaved(page);
      await card.getByRole('button', { name: `Chore ${i} is To Do. Mark as In Progress` }).click();
      await saved;
      const done = taskSaved(page);
      await card.getByRole('button', { name: `Chore ${i} is In Progress. Mark as Done` }).click();
      await done;
    }
    const doneSection = card.getByRole('region', { name: 'Done' });
    await expect.poll(() => titlesIn(doneSection)).toHaveLength(5);
    await card.getByRole('button', { name: 'Show all 6' }).click();
    await expect.poll(() => titlesIn(doneSection)).toHaveLength(6);
    await card.getByRole('button', { name: 'Show fewer' }).click();
    await expect.poll(() => titlesIn(doneSection)).toHaveLength(5);
  });

  test('at 1280 px the board takes the card’s whole width and a title of a few words reads on one line', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn();
    await openDashboard(page);
    await addTask(page, 'Plan sprint review');
    const title = column(page, 'To Do').getByText('Plan sprint review', { exact: true });
    // Polled: the card that showed the task while it was being saved gives way to the saved one, and a node
    // measured as it leaves the page has no style at all.
    await expect
      .poll(() =>
        title.evaluate((element) => {
          const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
          return Math.round(element.getBoundingClientRect().height / lineHeight);
        }),
      )
      .toBe(1);
    const board = await tasksCard(page).boundingBox();
    const main = await page.locator('#main-content > div').boundingBox();
    expect(board && main && board.width).toBeGreaterThan((main?.width ?? 0) - 1);
  });

  test('at 390 px the board stacks its columns and nothing overflows sideways', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    await openDashboard(page);
    await addTask(page, 'A task with a rather long title that has to wrap on a phone');
    const todo = await column(page, 'To Do').boundingBox();
    const doing = await column(page, 'In Progress').boundingBox();
    expect(todo && doing && doing.y > todo.y + todo.height - 1).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible();
  });

  test('a member who prefers reduced motion gets the message without confetti', async ({ page, signIn }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn();
    await openDashboard(page);
    await addTask(page, 'Calm win');
    const card = tasksCard(page);
    await card.getByRole('button', { name: 'Calm win is To Do. Mark as In Progress' }).click();
    const saved = taskSaved(page);
    await card.getByRole('button', { name: 'Calm win is In Progress. Mark as Done' }).click();
    await saved;
    await expect(page.getByText(COMPLETED)).toBeVisible();
    await expect(page.getByTestId('confetti')).toHaveCount(0);
  });

  test('the focus page lists the tasks', async ({ page, signIn }) => {
    await signIn();
    await openDashboard(page);
    await addTask(page, 'Deep work');
    await page.goto('/focus');
    const list = page.getByRole('region', { name: 'Tasks' });
    await expect(list.getByRole('region', { name: 'To Do' }).getByText('Deep work')).toBeVisible();
  });
});
