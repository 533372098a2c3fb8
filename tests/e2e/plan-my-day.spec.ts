import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * "Plan my day" end to end, against the fake OpenRouter the global setup starts: unscripted, the studio's
 * Plan my day prompt makes it read the member's tasks (list_tasks), then propose moving the first open task to
 * tomorrow and adding "Review the plan" for today. The member applies the proposal, sees it on the board, then
 * undoes it from the same card, which stays in the thread.
 */

const TASK = 'Water the plants';
const ADDED = 'Review the plan';

const proposal = (page: Page) => page.getByRole('region', { name: 'Proposed changes' });
const tasksCard = (page: Page) => page.getByRole('region', { name: 'Your Tasks' });
const taskItem = (page: Page, title: string): Locator =>
  tasksCard(page).getByRole('listitem').filter({ hasText: title });

/** A UTC day as the board shows a due date ("Due May 3"; the year only when it is not this year's). */
function dueText(offsetDays: number): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  const sameYear = day.getUTCFullYear() === new Date().getFullYear();
  const date = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(day);
  return `Due ${date}`;
}

async function openStudio(page: Page) {
  await page.goto('/studio');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Provider' })).toBeEnabled();
  await expect(
    page.getByRole('navigation', { name: 'Chat threads' }).locator('button[aria-current="true"]'),
  ).toHaveCount(1);
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(tasksCard(page)).toBeVisible();
  await expect(tasksCard(page).getByText('Loading your tasks')).toHaveCount(0);
}

test('plans the day: proposes two changes, applies them to the board, then undoes them', async ({
  page,
  signIn,
  baseURL,
}) => {
  test.slow();
  await signIn();
  const created = await page.request.post(`${baseURL}/api/tasks`, {
    headers: { origin: baseURL },
    data: { title: TASK },
  });
  expect(created.status()).toBe(201);

  await openStudio(page);
  // OpenRouter, the default provider, can use tools: the button is offered.
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('openrouter');
  const streamed = page.waitForRequest(
    (request) => request.url().endsWith('/api/chat/stream') && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Plan my day' }).click();
  const body = (await streamed).postDataJSON() as { content: string; time_zone?: string };
  expect(body.content).toMatch(/^Plan my day\./);
  expect(body.time_zone).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));

  const card = proposal(page);
  await expect(card).toBeVisible();
  await expect(card.getByText('2 changes to apply')).toBeVisible();
  await card.getByRole('button', { name: 'Apply all' }).click();
  await expect(card.getByText('Applied', { exact: true })).toBeVisible();

  await openDashboard(page);
  await expect(taskItem(page, ADDED)).toBeVisible();
  await expect(taskItem(page, ADDED).getByText(dueText(0))).toBeVisible();
  await expect(taskItem(page, TASK).getByText(dueText(1))).toBeVisible();

  // The card is part of the thread: it is there again, applied, with its Undo.
  await openStudio(page);
  await expect(proposal(page)).toBeVisible();
  await proposal(page).getByRole('button', { name: 'Undo' }).click();
  await expect(proposal(page).getByText('Undone', { exact: true })).toBeVisible();

  await openDashboard(page);
  await expect(taskItem(page, TASK)).toBeVisible();
  await expect(taskItem(page, ADDED)).toHaveCount(0);
  await expect(taskItem(page, TASK).getByText(/^Due /)).toHaveCount(0);
});
