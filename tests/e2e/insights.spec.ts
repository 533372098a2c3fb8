import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { themesToScan } from './themes-to-scan.ts';

/** Insights: real work recorded, the page reached by `g` then `i`, its charts and the tables of their numbers. */

/** The cells of a table's last row (today's, in a table of days), as text. */
async function lastRow(page: Page, region: string): Promise<string[]> {
  const table = page.getByRole('region', { name: region }).getByRole('table');
  // The charts load after the heading: wait for the table's rows before reading them.
  const row = table.locator('tbody tr').last();
  await row.waitFor();
  return row.locator('th, td').allTextContents();
}

test.describe('insights', () => {
  test('a focus session and finished tasks show in the charts and their tables, axe clean in every theme', async ({
    page,
    signIn,
    baseURL,
    expectAccessible,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn();
    const headers = { origin: baseURL };
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const task = await page.request.post(`${baseURL}/api/tasks`, {
      headers,
      data: { title: 'Write the liner notes', labels: ['writing'] },
    });
    expect(task.status()).toBe(201);
    const { id: taskId } = (await task.json()) as { id: number };
    const started = await page.request.post(`${baseURL}/api/pomodoro`, {
      headers,
      data: { duration_minutes: 25, task_id: taskId, time_zone: timeZone },
    });
    expect(started.status()).toBe(201);
    const { id: sessionId } = (await started.json()) as { id: number };
    expect(
      (
        await page.request.put(`${baseURL}/api/pomodoro/${sessionId}/complete`, { headers, data: {} })
      ).status(),
    ).toBe(200);
    for (const title of ['Mix the single', 'Send the stems']) {
      const created = await page.request.post(`${baseURL}/api/tasks`, { headers, data: { title } });
      const { id } = (await created.json()) as { id: number };
      expect(
        (
          await page.request.put(`${baseURL}/api/tasks/${id}`, { headers, data: { status: 'done' } })
        ).status(),
      ).toBe(200);
    }

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your Tasks' })).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('i');
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

    // Today is the last day of the 30 days shown: 25 minutes in 1 session, 2 tasks completed.
    expect(await lastRow(page, 'Focus minutes per day')).toEqual([expect.any(String), '25', '1']);
    expect(await lastRow(page, 'Tasks completed per day')).toEqual([expect.any(String), '2']);
    await expect(
      page
        .getByRole('region', { name: 'Focus by task' })
        .getByRole('row', { name: /Write the liner notes 25 1/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Focus by label' }).getByRole('row', { name: /writing 25 1/ }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'This week and last week' })
        .getByRole('row', { name: /Focus minutes 25 0/ }),
    ).toBeVisible();
    const streak = page.getByRole('region', { name: 'Streak' });
    await expect(streak.getByText('1 day')).toHaveCount(2);
    // The charts are drawn: recharts' bars, and one square a day on the year's heatmap.
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByTestId('year-heatmap').locator('rect')).toHaveCount(365);

    // The picker asks again: this year.
    await page.getByRole('button', { name: 'This year' }).click();
    await expect(page.getByRole('button', { name: 'This year' })).toHaveAttribute('aria-pressed', 'true');
    expect(await lastRow(page, 'Focus minutes per day')).toEqual([expect.any(String), '25', '1']);

    for (const theme of themesToScan) {
      await page.evaluate((id) => window.localStorage.setItem('theme', id), theme);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Focus by task' })).toBeVisible();
      await expectAccessible();
    }

    // On a phone: one column, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Focus by task' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible();
  });
});
