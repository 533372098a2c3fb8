import type { APIRequestContext, Locator, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The focus journeys: the focus timer run to 0 (with Playwright's clock standing in for
 * 25 minutes), the floating widget surviving a reload, and the focus page's own controls. Every test is a
 * fresh member with no sessions.
 */

const COMPLETED = 'Timer kissed complete. Tiny win, big energy. ✨';
const BREAK = 'Take a 5-minute break';

function timerCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Focus timer' });
}

function floatingTimer(page: Page): Locator {
  return page.getByRole('region', { name: 'Pomodoro timer' });
}

function statValue(page: Page, label: string): Locator {
  return page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
}

/** The member's timer acted on from this page (`PUT /api/pomodoro/timer`), answered. */
function timerAction(page: Page, action: 'start' | 'complete') {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/pomodoro/timer') &&
      response.request().method() === 'PUT' &&
      (response.request().postDataJSON() as { action?: string } | null)?.action === action,
  );
}

function sessionStarted(page: Page) {
  return timerAction(page, 'start');
}

function sessionCompleted(page: Page) {
  return timerAction(page, 'complete');
}

/** The session the timer's answer runs. */
async function sessionIdOf(response: Response): Promise<number> {
  return ((await response.json()) as { session_id: number }).session_id;
}

/** Completed sessions through the API, as other tabs or days of work would have left them. */
async function completeSessionsThroughApi(request: APIRequestContext, baseURL: string, count: number) {
  for (let i = 0; i < count; i++) {
    const started = await request.post(`${baseURL}/api/pomodoro`, {
      headers: { origin: baseURL },
      data: { duration_minutes: 25, time_zone: 'UTC' },
    });
    expect(started.status()).toBe(201);
    const { id } = (await started.json()) as { id: number };
    const completed = await request.put(`${baseURL}/api/pomodoro/${id}/complete`, {
      headers: { origin: baseURL },
      data: {},
    });
    expect(completed.status()).toBe(200);
  }
}

test.describe('focus timer', () => {
  test('a session runs to 0: the completion texts, the session marked complete, and counted on the dashboard', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.clock.install();
    await page.goto('/focus');
    const card = timerCard(page);
    await expect(card.getByRole('timer')).toHaveText('25:00');
    await expect(statValue(page, 'Completed')).toHaveText('0');
    await expect(statValue(page, 'Duration')).toHaveText('25m');

    const started = sessionStarted(page);
    await card.getByRole('button', { name: 'Start' }).click();
    const session = await started;
    expect(session.status()).toBe(200);
    expect(session.request().postDataJSON()).toMatchObject({ action: 'start', duration_minutes: 25 });
    const sessionId = await sessionIdOf(session);
    await page.clock.runFor(1000);
    await expect(card.getByRole('timer')).toHaveText(/^24:5\d$/);

    const completed = sessionCompleted(page);
    await page.clock.fastForward('25:00');
    const completion = await completed;
    expect(completion.status()).toBe(200);
    expect(completion.request().postDataJSON()).toMatchObject({ action: 'complete', session_id: sessionId });
    expect(await completion.json()).toMatchObject({ state: 'idle', session_id: null });
    await expect(card.getByText(COMPLETED)).toBeVisible();
    await expect(card.getByText(BREAK)).toBeVisible();
    await expect(card.getByRole('timer')).toHaveText('00:00');
    await expect(card.getByRole('button', { name: 'Start' })).toBeDisabled();
    await expect(statValue(page, 'Completed')).toHaveText('1');

    await card.getByRole('button', { name: 'Reset' }).click();
    await expect(card.getByRole('timer')).toHaveText('25:00');
    await expect(card.getByText(COMPLETED)).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(statValue(page, 'Pomodoros')).toHaveText('1');
    await expect(statValue(page, 'Streak')).toHaveText('1 day');
  });

  test('the fourth session of the day earns Four Pomodoros, with a toast', async ({
    page,
    signIn,
    baseURL,
  }) => {
    await signIn();
    await completeSessionsThroughApi(page.request, baseURL, 3);
    await page.clock.install();
    await page.goto('/focus');
    const card = timerCard(page);
    await expect(statValue(page, 'Completed')).toHaveText('3');
    await expect(page.getByText(/Badge earned/)).toHaveCount(0);

    const started = sessionStarted(page);
    await card.getByRole('button', { name: 'Start' }).click();
    await started;
    const completed = sessionCompleted(page);
    await page.clock.fastForward('25:00');
    await completed;

    await expect(page.getByText('Badge earned: Four Pomodoros 🍅')).toBeVisible();
    await expect(statValue(page, 'Completed')).toHaveText('4');
  });

  test('runs by keyboard alone', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/focus');
    const card = timerCard(page);
    const start = card.getByRole('button', { name: 'Start' });
    for (let i = 0; i < 40 && !(await start.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(start).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Pause' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Start' })).toBeVisible();
  });
});

test.describe('floating pomodoro widget', () => {
  test('resumes after a reload with the right time, shows it in the tab title, and Reset clears it', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const widget = floatingTimer(page);
    await expect(widget.getByRole('timer')).toHaveText('25:00');

    const started = sessionStarted(page);
    await widget.getByRole('button', { name: 'Start timer' }).click();
    await started;
    await page.clock.fastForward('02:00');
    await expect(widget.getByRole('timer')).toHaveText('23:00');
    await expect(page).toHaveTitle('23:00 · Lumara');

    await page.reload();
    // The time left is worked out from the run's end time, whatever the reload cost.
    const endsAt = await page.evaluate(() => {
      const kept = JSON.parse(window.localStorage.getItem('pomodoroTimer') ?? '{}') as {
        timer?: { ends_at?: string };
      };
      return Date.parse(kept.timer?.ends_at ?? '');
    });
    expect(Number.isFinite(endsAt)).toBe(true);
    const expectedLeft = async () => {
      const seconds = Math.ceil((endsAt - (await page.evaluate(() => Date.now()))) / 1000);
      return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
    };
    await expect(widget.getByRole('button', { name: 'Pause timer' })).toBeVisible();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await expect(widget.getByRole('timer')).toHaveText(await expectedLeft());
    await page.clock.runFor(60_000);
    await expect(widget.getByRole('timer')).toHaveText(await expectedLeft());
    await expect(widget.getByRole('timer')).toHaveText(/^2[12]:\d\d$/);
    await expect(page).toHaveTitle(/^2[12]:\d\d · Lumara$/);

    await widget.getByRole('button', { name: 'Reset timer' }).click();
    await expect(widget.getByRole('timer')).toHaveText('25:00');
    await expect(page).toHaveTitle('Dashboard · Lumara');
    // The server's answer to Reset lands once the page's timers run again.
    await page.clock.resume();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('pomodoroTimer'))).toBeNull();
    await page.reload();
    await expect(widget.getByRole('timer')).toHaveText('25:00');
  });

  test('completes at 0 and marks the session complete', async ({ page, signIn }) => {
    await signIn();
    await page.clock.install();
    await page.goto('/music');
    const widget = floatingTimer(page);
    const started = sessionStarted(page);
    await widget.getByRole('button', { name: 'Start timer' }).click();
    const id = await sessionIdOf(await started);

    const completed = sessionCompleted(page);
    await page.clock.fastForward('25:00');
    expect((await completed).request().postDataJSON()).toMatchObject({ action: 'complete', session_id: id });
    await expect(widget.getByRole('timer')).toHaveText('00:00');
    await expect(widget.getByText(BREAK, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Music · Lumara');
  });

  test('on a phone it starts as a small pill, expands and minimizes by keyboard, and closes until the next page load', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    await page.goto('/');
    const widget = floatingTimer(page);
    const pill = widget.getByRole('button', { name: 'Show pomodoro timer, 25:00' });
    await expect(pill).toBeVisible();
    const box = await widget.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.width).toBeLessThanOrEqual(140);
      expect(box.height).toBeLessThanOrEqual(56);
    }
    await expectAccessible();

    await pill.focus();
    await page.keyboard.press('Enter');
    const minimize = widget.getByRole('button', { name: 'Minimize timer' });
    await expect(minimize).toBeFocused();
    const open = await widget.boundingBox();
    expect(open && open.x + open.width).toBeLessThanOrEqual(390);
    await expectAccessible();
    await page.keyboard.press('Enter');
    await expect(pill).toBeFocused();

    await pill.click();
    await widget.getByRole('button', { name: 'Close timer' }).click();
    await expect(widget).toHaveCount(0);
    await page.reload();
    await expect(floatingTimer(page)).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('focus page', () => {
  test('sound buttons toggle one at a time, Mute toggles, and Exit goes back', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn();
    await page.goto('/');
    await page.getByRole('button', { name: 'Enter Focus Mode' }).click();
    await expect(page).toHaveURL(/\/focus$/);
    await expect(page.getByRole('heading', { name: 'Focus', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tasks' })).toBeVisible();
    await expectAccessible();

    const rain = page.getByRole('button', { name: 'Rain' });
    const forest = page.getByRole('button', { name: 'Forest' });
    const cafe = page.getByRole('button', { name: 'Cafe' });
    const mute = page.getByRole('button', { name: 'Mute' });
    await rain.click();
    await expect(rain).toHaveAttribute('aria-pressed', 'true');
    await forest.click();
    await expect(forest).toHaveAttribute('aria-pressed', 'true');
    await expect(rain).toHaveAttribute('aria-pressed', 'false');
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await expect(forest).toHaveAttribute('aria-pressed', 'true');
    await forest.click();
    await expect(forest).toHaveAttribute('aria-pressed', 'false');
    await cafe.click();
    await expect(cafe).toHaveAttribute('aria-pressed', 'true');
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    await cafe.click();
    await expect(cafe).toHaveAttribute('aria-pressed', 'false');
    expect(pageErrors).toEqual([]);

    await page.getByRole('button', { name: 'Exit focus mode' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('Exit goes to the dashboard when focus mode was opened directly', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/focus');
    await page.getByRole('button', { name: 'Exit focus mode' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('full screen takes the focus page alone, and leaves again', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/focus');
    const toggle = page.getByRole('button', { name: 'Full screen' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(
      await page.evaluate(() => document.fullscreenElement?.querySelector('h1')?.textContent ?? null),
    ).toBe('Focus');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  test('at 390 px nothing overflows and the page passes axe', async ({ page, signIn, expectAccessible }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    await page.goto('/focus');
    await expect(page.getByRole('heading', { name: 'Focus', level: 1 })).toBeVisible();
    await expect(timerCard(page).getByRole('button', { name: 'Start' })).toBeVisible();
    await expectAccessible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
