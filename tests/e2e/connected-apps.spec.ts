import { expect, test } from './fixtures.ts';

/**
 * Settings → Connected apps: a personal access token made in the card works on the API with
 * `Authorization: Bearer` (the request also carries the page's session cookie, which a bearer request never
 * reads), and stops working the moment it is revoked in the card.
 */
test.describe('connected apps', () => {
  test('a token made in Settings reads the tasks, and is refused once revoked', async ({ page, signIn }) => {
    test.slow();
    await signIn();
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Connected apps' });
    await card.getByRole('textbox', { name: 'Name' }).fill('E2E script');
    await card.getByRole('checkbox', { name: /Read your tasks/ }).check();
    await card.getByRole('combobox', { name: 'Expires' }).selectOption({ label: 'In 30 days' });
    await card.getByRole('button', { name: 'Create token' }).click();

    await expect(card.getByText('you won’t see it again')).toBeVisible();
    const token = await card.getByRole('textbox', { name: 'The new token' }).inputValue();
    expect(token).toMatch(/^lum_[A-Za-z0-9_-]{43}$/);
    await card.getByRole('button', { name: 'I have copied it' }).click();
    await expect(card.getByRole('textbox', { name: 'The new token' })).toHaveCount(0);

    const authorization = { Authorization: `Bearer ${token}` };
    const tasks = await page.request.get('/api/tasks', { headers: authorization });
    expect(tasks.status()).toBe(200);
    expect(Array.isArray(await tasks.json())).toBe(true);
    // Its scope is tasks:read only: the account is out of its reach.
    expect((await page.request.get('/api/users/me', { headers: authorization })).status()).toBe(403);

    const row = card.getByRole('list', { name: 'Your personal access tokens' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('E2E script');
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke “E2E script”?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('“E2E script” was revoked')).toBeVisible();
    await expect(card.getByText('No tokens yet.')).toBeVisible();

    expect((await page.request.get('/api/tasks', { headers: authorization })).status()).toBe(401);
  });
});
