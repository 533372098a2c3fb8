import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import yauzl from 'yauzl';
import { expect, test, uniqueIdentity } from './fixtures.ts';

/**
 * Settings → Your data in Chromium: a member downloads their archive, another member imports it after
 * seeing what it adds, and a member deletes their account, keeping their posts as "Deleted member".
 */

async function addTask(page: Page, title: string) {
  const form = page.getByRole('form', { name: 'New task' });
  await form.getByRole('textbox', { name: 'New task' }).fill(title);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/tasks') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add task' }).click();
  expect((await saved).status()).toBe(201);
}

async function entriesOf(file: string): Promise<string[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const names: string[] = [];
  for await (const entry of zip.eachEntry()) names.push(entry.fileName);
  zip.close();
  return names;
}

test.describe('your data', () => {
  test('a member downloads their data; another imports it after a preview, and a second import adds nothing', async ({
    page,
    signIn,
    expectAccessible,
  }, testInfo) => {
    test.slow();
    await signIn();
    await page.goto('/');
    await addTask(page, 'Carried over');
    await addTask(page, 'Also carried');

    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Your data' });
    await expect(card).toBeVisible();
    await expectAccessible();
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^lumara-export-\d{4}-\d\d-\d\d\.zip$/);
    const file = testInfo.outputPath('archive.zip');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    expect(await entriesOf(file)).toEqual(
      expect.arrayContaining(['README.md', 'manifest.json', 'tasks.json']),
    );

    // Another member, on this browser: the archive goes into their account.
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(uniqueIdentity({ name: 'Importing Member' }));
    await page.goto('/settings');
    await page.getByLabel('Import an archive').setInputFiles(file);
    const preview = page.getByRole('region', { name: 'What the archive adds' });
    await expect(preview).toContainText('Tasks: 2 new');
    await expectAccessible();
    await page.getByRole('button', { name: 'Import 2 items' }).click();
    await expect(page.getByText('Imported 2 items.')).toBeVisible();

    await page.goto('/');
    await expect(page.getByText('Carried over')).toBeVisible();
    await expect(page.getByText('Also carried')).toBeVisible();

    await page.goto('/settings');
    await page.getByLabel('Import an archive').setInputFiles(file);
    await expect(page.getByText('Nothing new: everything in this archive is already yours.')).toBeVisible();
  });

  test('a member deletes their account, keeping their post as "Deleted member"', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    test.slow();
    const identity = await signIn(uniqueIdentity({ name: 'Leaving Member' }));
    await page.goto('/settings');
    const title = `Goodbye post ${Date.now().toString(36)}`;
    // Posted from the page, as the app posts (same origin, JSON).
    const status = await page.evaluate(
      async (postTitle) =>
        (
          await fetch('/api/community/posts', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ title: postTitle, body: 'Thanks, all.' }),
          })
        ).status,
      title,
    );
    expect(status).toBe(201);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await expect(dialog).toBeVisible();
    await expectAccessible();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('radio', { name: /Keep them/ }).check();
    await dialog.getByRole('textbox', { name: `Type ${identity.email} to confirm` }).fill(identity.email);
    await confirm.click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Your account is deleted. Your post stays as “Deleted member”.'),
    ).toBeVisible();
    // The session is gone: the API refuses the browser's cookie.
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
    // The post stays, under "Deleted member", for whoever reads the community.
    await signIn(uniqueIdentity({ name: 'Reader' }));
    await page.goto('/community');
    await expect(
      page.getByRole('article', { name: title, exact: true }).getByText('Deleted member'),
    ).toBeVisible();
  });
});
