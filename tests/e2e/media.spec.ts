import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Media generation and the gallery in Chromium, against the fake fal queue the global setup
 * starts (a job is queued, then in progress, for a few seconds): generate an image, watch it pending, see it
 * saved to the gallery, favorite it, filter, download it, find it on the dashboard, delete it. Every state
 * passes an accessibility scan.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const falImage = (page: Page) => page.getByRole('region', { name: 'fal.ai image' });
const galleryPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Gallery' });
const item = (page: Page, name: string) => galleryPanel(page).getByRole('article', { name });

async function openFalTab(page: Page) {
  await page.goto('/studio?tab=fal');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeVisible();
  await expect(falImage(page).getByRole('combobox', { name: 'Model' })).toHaveValue('fal-ai/flux/schnell');
}

test('generates an image through fal, saves it to the gallery, and the gallery favorites, filters, downloads and deletes it', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  test.slow();
  await signIn();
  await openFalTab(page);
  await expect(falImage(page).getByRole('combobox', { name: 'Image size' })).toHaveValue('landscape_4_3');
  await expectAccessible();

  const prompt = 'A parrot made of stars';
  const generate = falImage(page).getByRole('button', { name: 'Generate image' });
  await expect(generate).toBeDisabled();
  await falImage(page).getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  const started = page.waitForResponse(
    (response) => response.url().endsWith('/api/fal/image') && response.request().method() === 'POST',
  );
  await generate.click();
  const answer = (await (await started).json()) as { status: string };
  // The fake keeps the job queued past the server's short wait: the page polls it.
  expect(answer.status).toBe('pending');
  await expect(falImage(page).getByRole('status').filter({ hasText: 'Generating…' })).toBeVisible();
  await expect(falImage(page).getByRole('button', { name: 'Generating…' })).toBeDisabled();
  await expectAccessible();

  await expect(falImage(page).getByText('Saved to your gallery')).toBeVisible({ timeout: 40_000 });
  const output = falImage(page).getByRole('img', { name: prompt });
  await expect(output).toHaveAttribute('src', /^\/api\/media\/\d+\/file$/);
  await expect
    .poll(() => output.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(generate).toBeEnabled();
  await expectAccessible();

  await falImage(page).getByRole('link', { name: 'Open the gallery' }).click();
  await expect(page).toHaveURL(/\/studio\?tab=gallery$/);
  await expect(item(page, prompt)).toBeVisible();
  await expect(galleryPanel(page).getByRole('status').filter({ hasText: 'item' })).toHaveText('1 item');
  await expectAccessible();

  const favorite = item(page, prompt).getByRole('button', { name: `Favorite ${prompt}` });
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  await galleryPanel(page).getByRole('button', { name: 'Favorites' }).click();
  await expect(item(page, prompt)).toBeVisible();
  await galleryPanel(page).getByRole('button', { name: 'Videos' }).click();
  await expect(galleryPanel(page).getByText('No media found')).toBeVisible();
  await expect(galleryPanel(page).getByText('Try adjusting your filters')).toBeVisible();
  await galleryPanel(page).getByRole('button', { name: 'All' }).click();
  await galleryPanel(page).getByRole('button', { name: 'Favorites' }).click();
  await galleryPanel(page).getByRole('searchbox', { name: 'Search media' }).fill('stars');
  await expect(item(page, prompt)).toBeVisible();
  await galleryPanel(page).getByRole('searchbox', { name: 'Search media' }).fill('nothing like it');
  await expect(galleryPanel(page).getByText('No media found')).toBeVisible();
  await galleryPanel(page).getByRole('searchbox', { name: 'Search media' }).fill('');
  await expect(item(page, prompt)).toBeVisible();
  await galleryPanel(page).getByRole('button', { name: 'List view' }).click();
  await expect(item(page, prompt)).toBeVisible();
  await expectAccessible();

  const downloading = page.waitForEvent('download');
  await item(page, prompt)
    .getByRole('button', { name: `Download ${prompt}` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('generated-media.png');
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, PNG_SIGNATURE.length)]).toEqual(PNG_SIGNATURE);

  await page.goto('/');
  const recent = page.getByRole('region', { name: 'Recent Creations' });
  await expect(recent.getByRole('img', { name: prompt })).toBeVisible();
  await expectAccessible();
  await recent.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/studio\?tab=gallery$/);

  await item(page, prompt)
    .getByRole('button', { name: `Delete ${prompt}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete media' });
  await expect(dialog).toContainText('Are you sure you want to delete this media?');
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(galleryPanel(page).getByText('No media found')).toBeVisible();
  await expect(galleryPanel(page).getByText('Generate some amazing content in the Studio!')).toBeVisible();
  expect((await page.request.get('/api/media')).status()).toBe(200);
  expect(((await (await page.request.get('/api/media')).json()) as { total: number }).total).toBe(0);
});

test('picks a pending generation up again after the member leaves the studio', async ({ page, signIn }) => {
  test.slow();
  await signIn();
  await openFalTab(page);
  const prompt = 'A lighthouse in the fog';
  await falImage(page).getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await falImage(page).getByRole('button', { name: 'Generate image' }).click();
  await expect(falImage(page).getByRole('status').filter({ hasText: 'Generating…' })).toBeVisible();

  await page.goto('/');
  await openFalTab(page);
  const resumed = falImage(page).getByRole('article', { name: `Generation: ${prompt}` });
  await expect(resumed).toBeVisible();
  await expect(resumed.getByText('Saved to your gallery')).toBeVisible({ timeout: 40_000 });
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await expect(item(page, prompt)).toBeVisible();
});

test('the media tabs and the gallery fit a phone', async ({ page, signIn, expectAccessible }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn();
  await openFalTab(page);
  await expectAccessible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Straico Media' }).click();
  await expect(page.getByRole('region', { name: 'Straico video' })).toBeVisible();
  await expectAccessible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await expect(galleryPanel(page).getByText('No media found')).toBeVisible();
  await expectAccessible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
