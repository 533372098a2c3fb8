import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { themesToScan } from './themes-to-scan.ts';

test.use({ serviceWorkers: 'allow' });

/** Until the browser's storage holds the member's waiting changes: what a reload then finds. */
async function waitingChangesKept(page: Page, count: number): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(window.localStorage)
          .filter((key) => key.startsWith('lumaraOfflineWrites:'))
          .map(
            (key) =>
              (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { mutations?: unknown[] }).mutations
                ?.length ?? 0,
          )
          .reduce((sum, n) => sum + n, 0),
      ),
    )
    .toBe(count);
}

/**
 * Until the service worker controls the page, with the app shell precached and the page's reads kept: going
 * offline earlier would cut the reads of the load it serves before they reach the offline copy.
 */
async function controlledByServiceWorker(page: Page, reads: string[] = ['/api/users/me']): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit installs it; the next load is the one it serves.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.waitForLoadState('networkidle');
  await expect
    .poll(async () => (await keptAnswers(page)).map((answer) => answer.path))
    .toEqual(expect.arrayContaining(reads));
}

/** The paths the offline copy holds now, each with the Cache-Control the server sent it with. */
function keptAnswers(page: Page): Promise<{ path: string; cacheControl: string | null }[]> {
  return page.evaluate(async () => {
    if (!(await caches.keys()).includes('lumara-api')) return [];
    const cache = await caches.open('lumara-api');
    return Promise.all(
      (await cache.keys()).map(async (request) => ({
        path: new URL(request.url).pathname,
        cacheControl: (await cache.match(request))?.headers.get('Cache-Control') ?? null,
      })),
    );
  });
}

test.describe('installable and offline', () => {
  test('meets Chromium’s install criteria: manifest, icons, service worker', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn();
    await page.goto('/');
    await controlledByServiceWorker(page);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Lumara', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose)).toContain('maskable');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's browser contexts are incognito, where Chromium never offers to install: that is the one
    // reason it may give. A missing manifest field, icon or service worker would be named here.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  });

  test('reloads offline with the last known tasks, and a task added offline reaches the server once', async ({
    page,
    context,
    signIn,
    expectAccessible,
  }) => {
    test.slow();
    await signIn();
    await page.goto('/');
    const form = page.getByRole('form', { name: 'New task' });
    await form.getByRole('textbox', { name: 'New task' }).fill('Pack the charger');
    await form.getByRole('button', { name: 'Add task' }).click();
    await expect(page.getByRole('button', { name: 'Edit Pack the charger' })).toBeEnabled();
    await controlledByServiceWorker(page);
    await expect(page.getByText('Pack the charger')).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Pack the charger')).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: 'Offline — changes will sync' });
    await expect(banner).toBeVisible();
    await expectAccessible();

    await form.getByRole('textbox', { name: 'New task' }).fill('Book the train');
    await form.getByRole('button', { name: 'Add task' }).click();
    await expect(page.getByText('Book the train')).toBeVisible();
    await expect(banner).toContainText('(1 waiting)');
    await waitingChangesKept(page, 1);
    // Still waiting after the tab reloads without a connection: the change is kept, not only held in memory,
    // and the list shows it as it was shown before the reload.
    await page.reload();
    await expect(banner).toContainText('(1 waiting)');
    await expect(page.getByText('Book the train')).toBeVisible();

    const sent = page.waitForResponse(
      (response) => response.url().endsWith('/api/tasks') && response.request().method() === 'POST',
    );
    await context.setOffline(false);
    expect((await sent).status()).toBe(201);
    await expect(banner).toBeHidden();
    const tasks = (await (await page.request.get('/api/tasks')).json()) as { title: string }[];
    expect(tasks.map((task) => task.title).sort()).toEqual(['Book the train', 'Pack the charger']);
  });

  test('a focus session run offline, with a reload on the way, is recorded and completed once when back online', async ({
    page,
    context,
    signIn,
  }) => {
    test.slow();
    await signIn();
    await page.clock.install();
    await page.goto('/focus');
    await controlledByServiceWorker(page, ['/api/users/me', '/api/tasks', '/api/profile/me']);
    const startedIds: number[] = [];
    page.on('response', async (response) => {
      const request = response.request();
      if (!response.url().endsWith('/api/pomodoro/timer') || request.method() !== 'PUT') return;
      if ((request.postDataJSON() as { action?: string } | null)?.action === 'start')
        startedIds.push(((await response.json()) as { session_id: number }).session_id);
    });

    await context.setOffline(true);
    const card = page.getByRole('region', { name: 'Focus timer' });
    await card.getByRole('button', { name: 'Start' }).click();
    await page.clock.fastForward('25:00');
    await expect(card.getByText('Timer kissed complete. Tiny win, big energy. ✨')).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: 'Offline — changes will sync' });
    await expect(banner).toContainText('(2 waiting)');
    await waitingChangesKept(page, 2);
    await page.reload();
    await expect(banner).toContainText('(2 waiting)');
    // The run that ended offline still shows ended after the reload, and is not completed a second time.
    await expect(card.getByText('Timer kissed complete. Tiny win, big energy. ✨')).toBeVisible();

    const completed = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/pomodoro/timer') &&
        response.request().method() === 'PUT' &&
        (response.request().postDataJSON() as { action?: string } | null)?.action === 'complete',
    );
    await context.setOffline(false);
    expect((await completed).status()).toBe(200);
    await expect(banner).toBeHidden();
    // One run: the start, sent when the connection came back, recorded one session, which the completion
    // completed; the timer is idle again.
    await expect.poll(() => startedIds.length).toBe(1);
    const timer = await (await page.request.get('/api/pomodoro/timer')).json();
    expect(timer).toMatchObject({ state: 'idle', version: 2 });
    const stats = await (await page.request.get('/api/dashboard/stats?time_zone=UTC')).json();
    expect(stats).toMatchObject({ pomodoros_today: 1 });
  });

  test('signing out empties the offline copy of the member’s data', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/');
    await controlledByServiceWorker(page);
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).includes('lumara-api')))
      .toBe(true);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const keptForMember = await page.evaluate(async () => {
      const cache = await caches.open('lumara-api');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(keptForMember.filter((path) => path !== '/api/users/me' && path !== '/api/auth/mode')).toEqual([]);
  });

  test('keeps nothing the server marks no-store, the export archive included, and nothing once the session ends', async ({
    page,
    context,
    signIn,
  }) => {
    test.slow();
    await signIn();
    await page.goto('/');
    await controlledByServiceWorker(page);
    // Asked through the worker, as the app asks: the archive, a no-store answer, and a read the copy needs.
    const answered = await page.evaluate(async () => {
      const archive = await fetch('/api/account/export');
      await archive.arrayBuffer();
      const profile = await fetch('/api/profile');
      await profile.json();
      const tasks = await fetch('/api/tasks');
      await tasks.json();
      return [archive.status, profile.status, profile.headers.get('Cache-Control'), tasks.status];
    });
    expect(answered).toEqual([200, 200, 'no-store', 200]);
    await expect
      .poll(async () => (await keptAnswers(page)).map((kept) => kept.path))
      .toEqual(expect.arrayContaining(['/api/tasks', '/api/users/me']));
    const kept = await keptAnswers(page);
    expect(kept.map((answer) => answer.path)).not.toContain('/api/account/export');
    expect(kept.map((answer) => answer.path)).not.toContain('/api/profile');
    for (const answer of kept) expect(answer.cacheControl ?? 'none').not.toMatch(/no-store|none/);

    // The session ends without a sign-out (expired, or ended on another device): the next start finds 401.
    const memberId = await page.evaluate(
      async () => ((await (await fetch('/api/users/me')).json()) as { id: number }).id,
    );
    await page.evaluate((id) => {
      window.localStorage.setItem(
        `lumaraOfflineWrites:${id}`,
        JSON.stringify({ mutations: [{}], queries: [] }),
      );
    }, memberId);
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    // The login page may keep its own public read again; nothing of the member's stays.
    await expect
      .poll(async () =>
        (await keptAnswers(page)).map((answer) => answer.path).filter((path) => path !== '/api/auth/mode'),
      )
      .toEqual([]);
    await expect
      .poll(() => page.evaluate((id) => window.localStorage.getItem(`lumaraOfflineWrites:${id}`), memberId))
      .toBeNull();
  });

  test('the offline banner passes axe in every theme', async ({
    page,
    context,
    signIn,
    expectAccessible,
  }) => {
    test.setTimeout(150_000);
    await signIn();
    await page.goto('/');
    for (const theme of themesToScan) {
      await page.evaluate((id) => window.localStorage.setItem('theme', id), theme);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await context.setOffline(true);
      await expect(page.getByText('Offline — changes will sync')).toBeVisible();
      await expectAccessible();
      await context.setOffline(false);
      await expect(page.getByText('Offline — changes will sync')).toBeHidden();
    }
  });
});
