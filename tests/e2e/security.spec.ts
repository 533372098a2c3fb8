import { expect, recordCspViolations, test } from './fixtures.ts';

test('the page runs under a CSP with no inline script and no violations', async ({ page, signIn }) => {
  const violations = await recordCspViolations(page);
  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  await signIn();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});
