import type { Page } from '@playwright/test';
import { expect, recordDialogs, test } from './fixtures.ts';

/**
 * The music library in Chromium: add a Suno song link, see its sandboxed embed, keep it across
 * a reload, delete it through the confirm dialog; a link that is not Suno's shows the server's reason. The
 * iframe cannot load suno.com here (no network), so only its attributes are checked.
 */

const UUID = '0f4b9c2e-1d3a-4e5f-8a6b-7c8d9e0f1a2b';
const SONG = `https://suno.com/song/${UUID}`;
const TITLE = `Suno song ${UUID.slice(0, 8)}`;

async function openMusic(page: Page) {
  await page.goto('/music');
  await expect(page.getByRole('heading', { level: 1, name: 'Music' })).toBeVisible();
  await expect(page.getByText('Loading your tracks')).toHaveCount(0);
}

async function submitTrack(page: Page, input: string) {
  const toggle = page.getByRole('button', { name: 'Add a track' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const form = page.getByRole('form', { name: 'Add a track' });
  await form.getByRole('textbox', { name: 'Suno song link or embed code' }).fill(input);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/music/add-embed') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add track' }).click();
  return (await answered).status();
}

test('adds a Suno song, shows its sandboxed embed across a reload, and deletes it after confirming', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn();
  await openMusic(page);
  await expect(page.getByText('No tracks yet')).toBeVisible();
  await expectAccessible();

  expect(await submitTrack(page, `  ${SONG}  `)).toBe(201);
  await expect(page.getByRole('form', { name: 'Add a track' })).toHaveCount(0);
  const frame = page.locator(`iframe[title="${TITLE}"]`);
  await expect(frame).toHaveAttribute('src', `https://suno.com/embed/${UUID}`);
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups');
  await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  await expect(frame).toHaveAttribute('loading', 'lazy');
  await expectAccessible();

  await page.reload();
  await expect(page.locator(`iframe[title="${TITLE}"]`)).toHaveAttribute(
    'src',
    `https://suno.com/embed/${UUID}`,
  );

  // The first track earned Playlist Princess.
  const badges = await page.request.get('/api/badges');
  expect((await badges.json()) as { badge_type: string }[]).toEqual([
    expect.objectContaining({ badge_type: 'playlist_princess' }),
  ]);

  // The dashboard's Music Player plays it.
  await page.goto('/dashboard');
  const player = page.getByRole('region', { name: 'Music Player' });
  await expect(player.locator('iframe')).toHaveAttribute('src', `https://suno.com/embed/${UUID}`);

  await openMusic(page);
  await page.getByRole('button', { name: `Delete ${TITLE}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete track' });
  await expect(dialog).toContainText('Are you sure you want to delete this track?');
  await expectAccessible();
  const deleted = page.waitForResponse(
    (response) =>
      /\/api\/music\/tracks\/\d+$/.test(response.url()) && response.request().method() === 'DELETE',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);
  await expect(page.getByText('No tracks yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No tracks yet')).toBeVisible();
});

test("shows the server's reason for a link that is not a Suno song, and adds nothing", async ({
  page,
  signIn,
}) => {
  const dialogs = recordDialogs(page);
  await signIn();
  await openMusic(page);
  expect(await submitTrack(page, `https://suno.com.evil.example/song/${UUID}`)).toBe(400);
  await expect(page.getByRole('alert')).toContainText('not a Suno song link');
  await expect(page.getByRole('form', { name: 'Add a track' })).toBeVisible();
  await expect(page.getByText('No tracks yet')).toBeVisible();
  expect(dialogs).toEqual([]);
  const badges = await page.request.get('/api/badges');
  expect(await badges.json()).toEqual([]);
});
