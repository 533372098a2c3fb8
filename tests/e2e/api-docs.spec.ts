import { expect, recordCspViolations, test } from './fixtures.ts';

test('a member finds the API reference from settings, and it shows the task routes under the app’s CSP', async ({
  page,
  signIn,
}) => {
  // The reference renders every operation of the document in the page: slow on a loaded two-core machine.
  test.slow();
  const violations = await recordCspViolations(page);
  await signIn();
  await page.goto('/settings');
  const [response] = await Promise.all([
    page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/docs'),
    page.getByRole('link', { name: 'API reference' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'");

  await expect(page.getByRole('heading', { name: 'Lumara API' }).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('complementary').getByRole('link', { name: 'Tasks', exact: true }).click();
  const sidebar = page.getByRole('complementary');
  for (const operation of ['Add a task', 'Change a task: title, status, labels, due date']) {
    await expect(sidebar.getByRole('link', { name: new RegExp(`^${operation}`) })).toBeVisible();
  }
  await sidebar.getByRole('link', { name: /^Add a task/ }).click();
  await expect(page.getByText('/api/tasks', { exact: true }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
