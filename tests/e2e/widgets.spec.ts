import type { Locator, Page } from '@playwright/test';
import { expect, recordDialogs, test } from './fixtures.ts';

/**
 * The dashboard's embed widgets: add a YouTube link and see a sandboxed youtube-nocookie iframe,
 * keep it across a reload, delete it; and paste an XSS corpus of embed codes into the form without any script
 * running in the page. The test browser has no network, so the frames never load: attributes are what is
 * checked. Every test is a fresh member with no widgets.
 */

const VIDEO = 'dQw4w9WgXcQ';
const SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation';

/** The providers' embed hosts (the CSP's frame-src), and the one generic page the corpus uses. */
const ALLOWED_HOSTS = new Set([
  'suno.com',
  'www.youtube.com',
  'www.youtube-nocookie.com',
  'open.spotify.com',
  'calendar.google.com',
  'example.com',
]);

function widgetsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Your widgets' });
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(widgetsSection(page)).toBeVisible();
  await expect(widgetsSection(page).getByText('Loading your widgets')).toHaveCount(0);
}

/** Fills the add form and submits it; resolves to the status the server answered. */
async function addWidget(page: Page, title: string, url: string): Promise<number> {
  const form = widgetsSection(page).getByRole('form', { name: 'Add widget' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'URL or embed code' }).fill(url);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/widgets') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add widget' }).click();
  const status = (await saved).status();
  // A widget added clears the form: the next one is typed only then, as a person would.
  if (status === 201) await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  return status;
}

test.describe('widgets', () => {
  test('adds a YouTube link as a sandboxed nocookie embed, keeps it across a reload, and deletes it', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await signIn();
    await openDashboard(page);
    await expect(widgetsSection(page).getByText('No widgets yet')).toBeVisible();
    const add = widgetsSection(page).getByRole('button', { name: 'Add widget' });
    await expect(add).toBeDisabled();

    expect(await addWidget(page, 'Focus music', `https://www.youtube.com/watch?v=${VIDEO}&t=90`)).toBe(201);
    const frame = widgetsSection(page).locator('iframe[title="Focus music"]');
    const checkFrame = async () => {
      await expect(frame).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEO}?start=90`);
      await expect(frame).toHaveAttribute('sandbox', SANDBOX);
      await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      await expect(frame).toHaveAttribute('loading', 'lazy');
      await expect(frame).toHaveAttribute('allow', /encrypted-media/);
    };
    await checkFrame();
    await expectAccessible();

    await page.reload();
    await expect(widgetsSection(page).getByRole('heading', { name: 'Focus music' })).toBeVisible();
    await checkFrame();

    await widgetsSection(page).getByRole('button', { name: 'Delete Focus music' }).click();
    const deleted = page.waitForResponse(
      (response) => /\/api\/widgets\/\d+$/.test(response.url()) && response.request().method() === 'DELETE',
    );
    await widgetsSection(page)
      .getByRole('alertdialog', { name: 'Are you sure you want to delete this widget?' })
      .getByRole('button', { name: 'Delete widget' })
      .click();
    expect((await deleted).status()).toBe(200);
    await expect(widgetsSection(page).getByText('No widgets yet')).toBeVisible();
    await page.reload();
    await expect(widgetsSection(page).getByText('No widgets yet')).toBeVisible();
  });

  test('keeps the order of widgets moved by keyboard across a reload', async ({ page, signIn }) => {
    await signIn();
    await openDashboard(page);
    expect(await addWidget(page, 'First', `https://youtu.be/${VIDEO}`)).toBe(201);
    expect(await addWidget(page, 'Second', 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC')).toBe(
      201,
    );
    const titles = () =>
      widgetsSection(page).getByRole('list', { name: 'Widgets' }).getByRole('heading', { level: 3 });
    await expect(titles()).toHaveText(['First', 'Second']);
    const moved = page.waitForResponse(
      (response) => /\/api\/widgets\/\d+$/.test(response.url()) && response.request().method() === 'PUT',
    );
    await widgetsSection(page).getByRole('button', { name: 'Move Second up' }).focus();
    await page.keyboard.press('Enter');
    expect((await moved).status()).toBe(200);
    await expect(titles()).toHaveText(['Second', 'First']);
    await page.reload();
    await expect(titles()).toHaveText(['Second', 'First']);
  });

  test('an XSS corpus pasted into the form runs no script, navigates nowhere, and frames only https embeds', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const dialogs = recordDialogs(page);
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // The refusals the page expects: the form's 400 answers. Frames of https pages load (sandboxed); the
      // test browser has no network, so they fail to connect, which is not the page's doing.
      if (/status of 400/.test(text)) return;
      if (/net::ERR_/.test(text)) return;
      consoleErrors.push(text);
    });

    await signIn();
    await openDashboard(page);
    const dashboardUrl = page.url();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="JaVaScRiPt:alert(document.domain)"></iframe>',
      '<iframe src="&#106;avascript:alert(1)"></iframe>',
      '<iframe src="&#x6A;avascript&colon;alert(1)"></iframe>',
      '<iframe src=" javascript:alert(1)"></iframe>',
      '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
      '<iframe src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></iframe>',
      '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
      `<iframe src="https://www.youtube.com/embed/${VIDEO}" onload="alert(1)"></iframe>`,
      `<iframe src="https://www.youtube.com/embed/${VIDEO}"></iframe><script>alert(1)</script>`,
      `<iframe src="https://www.youtube.com/embed/${VIDEO}" srcdoc="<script>alert(1)</script>"></iframe>`,
      '<iframe src="https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC" onerror=alert(1)></iframe>',
      '<iframe src="https://example.com/x" src="javascript:alert(1)"></iframe>',
      '<iframe src="https://example.com/\'onload=\'alert(1)"></iframe>',
      '<iframe src=https://example.com/"><script>alert(1)</script>></iframe>',
      '<iframe src="https://example.com/`onload=`alert(1)"></iframe>',
      '<iframe src="https://suno.com.evil.example/embed/0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b"></iframe>',
      '<iframe src="https://suno.com@evil.example/embed/x"></iframe>',
      '<iframe src="//evil.example/x"></iframe>',
      '<iframe src="http://127.0.0.1:3000/api/logout"></iframe>',
      '"><img src=x onerror=alert(1)>',
      `<iframe src="https://www.youtube.com/embed/${VIDEO}?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>`,
    ];
    expect(corpus.length).toBeGreaterThanOrEqual(20);

    const form = widgetsSection(page).getByRole('form', { name: 'Add widget' });
    let stored = 0;
    for (const [i, code] of corpus.entries()) {
      const status = await addWidget(page, `Paste ${i}`, code);
      expect([201, 400], code).toContain(status);
      if (status === 201) {
        stored += 1;
        await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('');
      } else {
        await expect(form.getByRole('alert')).toBeVisible();
      }
    }
    await expect(
      widgetsSection(page).getByRole('list', { name: 'Widgets' }).getByRole('listitem'),
    ).toHaveCount(stored);

    const frames = await widgetsSection(page)
      .locator('iframe')
      .evaluateAll((elements) =>
        elements.map((element) => ({
          src: element.getAttribute('src') ?? '',
          sandbox: element.getAttribute('sandbox'),
          srcdoc: element.getAttribute('srcdoc'),
          onload: element.getAttribute('onload'),
        })),
      );
    expect(frames).toHaveLength(stored);
    for (const frame of frames) {
      const url = new URL(frame.src);
      expect(url.protocol, frame.src).toBe('https:');
      expect(ALLOWED_HOSTS.has(url.hostname), frame.src).toBe(true);
      expect(frame).toMatchObject({ sandbox: SANDBOX, srcdoc: null, onload: null });
    }
    // Nothing the corpus held became markup in the page.
    expect(await page.locator('script:not([src]), img[src="x"], svg[onload]').count()).toBe(0);

    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(navigations).toBe(0);
    expect(page.url()).toBe(dashboardUrl);
  });
});
