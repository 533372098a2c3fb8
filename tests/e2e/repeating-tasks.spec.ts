import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Tasks that repeat, end to end on the real server: a task written in the one-line form with its repeat in words,
 * given a checklist in the editor, completed on the board, and back in To Do on its next date with its checklist
 * unchecked, after a reload too; and the form reading Spanish. Every test is a fresh member with no tasks.
 */

const COMPLETED = 'Done. Confetti for discipline, not just dopamine. 🎉';

function tasksCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Your Tasks' });
}

function column(page: Page, name: 'To Do' | 'In Progress' | 'Done'): Locator {
  return tasksCard(page).getByRole('region', { name });
}

/** The card of a task, wherever it is on the board. */
function taskCard(page: Page, title: string): Locator {
  return tasksCard(page)
    .locator('[data-task-id]')
    .filter({ has: page.getByRole('button', { name: `Open ${title}` }) });
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(tasksCard(page)).toBeVisible();
  await expect(tasksCard(page).getByText('Loading your tasks')).toHaveCount(0);
}

function taskSaved(page: Page, method: 'POST' | 'PUT') {
  return page.waitForResponse(
    (response) => /\/api\/tasks(\/\d+)?$/.test(response.url()) && response.request().method() === method,
  );
}

/** The day `days` after today on the browser's clock, as `YYYY-MM-DD` and as the board writes it ("Mar 17"). */
async function dayFromToday(
  page: Page,
  days: number,
): Promise<{ iso: string; shown: string; withWeekday: string }> {
  return page.evaluate((offset) => {
    const now = new Date();
    const day = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + offset));
    const sameYear = day.getUTCFullYear() === now.getFullYear();
    const year = sameYear ? {} : ({ year: 'numeric' } as const);
    return {
      iso: day.toISOString().slice(0, 10),
      shown: new Intl.DateTimeFormat('en', {
        month: 'short',
        day: 'numeric',
        ...year,
        timeZone: 'UTC',
      }).format(day),
      withWeekday: new Intl.DateTimeFormat('en', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        ...year,
        timeZone: 'UTC',
      }).format(day),
    };
  }, days);
}

test.describe('repeating tasks', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  test('a repeating task with a checklist, from the quick-add line and the editor, completed on the board, comes back on its next date unchecked', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    // A long journey (the form, the editor, the board, a reload): more than the default 30 s on a slow machine.
    test.slow();
    await signIn();
    await openDashboard(page);
    const today = await dayFromToday(page, 0);
    const next = await dayFromToday(page, 3);

    // The line says what it understood before anything is added.
    const form = tasksCard(page).getByRole('form', { name: 'New task' });
    const title = form.getByRole('textbox', { name: 'New task' });
    await title.fill('Water plants every 3 days');
    const understood = form.getByRole('list', { name: 'Understood from the title' });
    await expect(understood.getByRole('listitem')).toHaveText([
      `Starts ${today.withWeekday}`,
      'Every 3 days',
    ]);
    const created = taskSaved(page, 'POST');
    await title.press('Enter');
    const creation = await created;
    expect(creation.status()).toBe(201);
    expect(creation.request().postDataJSON()).toMatchObject({
      title: 'Water plants',
      due_date: today.iso,
      repeat: 'FREQ=DAILY;INTERVAL=3',
    });
    const card = taskCard(page, 'Water plants');
    await expect(column(page, 'To Do').getByRole('button', { name: 'Open Water plants' })).toBeVisible();
    await expect(card.getByText(/Every 3 days/)).toBeVisible();

    // The editor gives it a checklist, one item already done.
    await card.getByRole('button', { name: 'Open Water plants' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit task' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    // Every 3 days is no preset: the editor opens its rule in the builder.
    await expect(dialog.getByText('Repeats: Every 3 days')).toBeVisible();
    const newItem = dialog.getByRole('textbox', { name: 'New checklist item' });
    for (const item of ['Fill the can', 'Fern', 'Cactus']) {
      await newItem.fill(item);
      await newItem.press('Enter');
    }
    await dialog.getByRole('checkbox', { name: 'Done: Fill the can' }).check();
    await dialog.getByRole('button', { name: 'Move Cactus up' }).click();
    await expectAccessible();
    const edited = taskSaved(page, 'PUT');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await edited).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText('1/3')).toBeVisible();
    await expect(card.getByText(`Due ${today.shown}`)).toBeVisible();

    // Completed on the board: To Do → In Progress → Done, and it comes back to To Do on its next date.
    let saved = taskSaved(page, 'PUT');
    await card.getByRole('button', { name: 'Water plants is To Do. Mark as In Progress' }).click();
    await saved;
    await expect(
      column(page, 'In Progress').getByRole('button', { name: 'Open Water plants' }),
    ).toBeVisible();
    saved = taskSaved(page, 'PUT');
    await card.getByRole('button', { name: 'Water plants is In Progress. Mark as Done' }).click();
    const completion = await saved;
    expect(completion.status()).toBe(200);
    expect(completion.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(completion.request().postDataJSON()).toMatchObject({ status: 'done', occurrence: today.iso });
    expect(await completion.json()).toMatchObject({
      status: 'todo',
      due_date: next.iso,
      checklist: [
        { text: 'Fill the can', done: false },
        { text: 'Cactus', done: false },
        { text: 'Fern', done: false },
      ],
    });

    const toast = page.getByRole('listitem').filter({ hasText: `Next: ${next.withWeekday}` });
    await expect(toast).toBeVisible();
    await expect(toast.getByText(COMPLETED)).toBeVisible();
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(column(page, 'To Do').getByRole('button', { name: 'Open Water plants' })).toBeVisible();
    await expect(column(page, 'Done').getByRole('button', { name: 'Open Water plants' })).toHaveCount(0);
    await expect(card.getByText(`Due ${next.shown}`)).toBeVisible();
    await expect(card.getByText('0/3')).toBeVisible();

    // As the server keeps it: one open task, on its next date, its list unchecked.
    await page.reload();
    await expect(tasksCard(page).getByRole('button', { name: 'Open Water plants' })).toHaveCount(1);
    await expect(column(page, 'To Do').getByRole('button', { name: 'Open Water plants' })).toBeVisible();
    await expect(taskCard(page, 'Water plants').getByText(`Due ${next.shown}`)).toBeVisible();
    await expect(taskCard(page, 'Water plants').getByText('0/3')).toBeVisible();
    await taskCard(page, 'Water plants').getByRole('button', { name: 'Open Water plants' }).click();
    await expect(dialog.getByRole('checkbox', { name: /^Done: / })).toHaveCount(3);
    for (const box of await dialog.getByRole('checkbox', { name: /^Done: / }).all())
      await expect(box).not.toBeChecked();
  });

  test('Undo after a completion puts the task back on the date it was due', async ({ page, signIn }) => {
    await signIn();
    await openDashboard(page);
    const today = await dayFromToday(page, 0);
    const form = tasksCard(page).getByRole('form', { name: 'New task' });
    const title = form.getByRole('textbox', { name: 'New task' });
    await title.fill('Stretch every day');
    await expect(form.getByRole('list', { name: 'Understood from the title' })).toBeVisible();
    const created = taskSaved(page, 'POST');
    await title.press('Enter');
    expect((await created).status()).toBe(201);

    const card = taskCard(page, 'Stretch');
    // Each answer is awaited before the next step, so every wait below catches its own request's answer.
    const started = taskSaved(page, 'PUT');
    await card.getByRole('button', { name: 'Stretch is To Do. Mark as In Progress' }).click();
    expect((await started).status()).toBe(200);
    await expect(column(page, 'In Progress').getByRole('button', { name: 'Open Stretch' })).toBeVisible();
    const completed = taskSaved(page, 'PUT');
    await card.getByRole('button', { name: 'Stretch is In Progress. Mark as Done' }).click();
    expect((await completed).status()).toBe(200);
    const toast = page.getByRole('listitem').filter({ hasText: /^Next: / });
    const undone = taskSaved(page, 'PUT');
    await toast.getByRole('button', { name: 'Undo' }).click();
    const undo = await undone;
    expect(await undo.json()).toMatchObject({ status: 'doing', due_date: today.iso });
    await expect(column(page, 'In Progress').getByRole('button', { name: 'Open Stretch' })).toBeVisible();
    await expect(card.getByText(`Due ${today.shown}`)).toBeVisible();
  });

  test('the line reads Spanish: "reunión el viernes 10:00"', async ({ page, signIn }) => {
    await signIn();
    await openDashboard(page);
    const form = tasksCard(page).getByRole('form', { name: 'New task' });
    const title = form.getByRole('textbox', { name: 'New task' });
    await title.fill('reunión el viernes 10:00');
    await expect(
      form.getByRole('list', { name: 'Understood from the title' }).getByRole('listitem'),
    ).toHaveText([/^Fri, /, '10:00 AM']);
    const created = taskSaved(page, 'POST');
    await title.press('Enter');
    const creation = await created;
    expect(creation.status()).toBe(201);
    const task = (await creation.json()) as { title: string; due_date: string; due_time: string };
    expect(task).toMatchObject({ title: 'reunión', due_time: '10:00' });
    expect(new Date(`${task.due_date}T00:00:00Z`).getUTCDay()).toBe(5);
    await expect(taskCard(page, 'reunión').getByText(/, 10:00 AM$/)).toBeVisible();
  });
});
