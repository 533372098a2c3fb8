import { FAKE_TOKEN_FAILURE_COOKIE } from '../fakes/oidc-provider.ts';
import { expect, test, uniqueIdentity } from './fixtures.ts';

/** The whole sign-in journey, its failures included, through a real OIDC server, in Chromium. */
test.describe('sign-in with Google (OpenID Connect)', () => {
  test('a member signs in, lands on the dashboard greeted by first name, and signs out', async ({
    page,
    actAs,
    expectAccessible,
  }) => {
    await actAs(uniqueIdentity({ name: 'Grace Brewster Hopper' }));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible();

    // The document request, not the URL bar: the callback page replaces its URL as soon as the exchange is done,
    // which can be before its load event.
    const callbackSeen = page.waitForRequest(/\/auth\/callback\?code=/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await callbackSeen;
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back, Grace')).toBeVisible();
    await expectAccessible();

    // Already signed in: /login goes to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the callback page shows "Setting up your workspace..." while the code is exchanged', async ({
    page,
    actAs,
  }) => {
    await actAs(uniqueIdentity());
    // Hold the exchange so the page can be seen mid-way.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/sessions', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByText('Setting up your workspace...')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the code is exchanged once, even when the callback page renders twice', async ({ page, actAs }) => {
    await actAs(uniqueIdentity());
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/sessions')) exchanges.push(request.method());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(exchanges).toEqual(['POST']);
  });

  test('a forged state ends at /login and signs no one in', async ({ page, baseURL }) => {
    await page.request.get(`${baseURL}/api/oauth/google/redirect_url`);
    await page.goto('/auth/callback?code=stolen-code&state=forged-state');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sign-in did not complete. Please try again.')).toBeVisible();
    expect((await page.request.get(`${baseURL}/api/users/me`)).status()).toBe(401);
  });

  test('a callback without a code ends at /login with its message logged', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/auth/callback?state=whatever');
    await expect(page).toHaveURL(/\/login$/);
    expect(errors.join('\n')).toContain(
      'Cannot exchange code for session token: no code provided in the URL search params.',
    );
  });

  test('a replayed callback does not sign in again', async ({ page, actAs, baseURL }) => {
    await actAs(uniqueIdentity());
    await page.goto('/login');
    const callbackRequest = page.waitForRequest(/\/auth\/callback\?code=/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const callbackUrl = (await callbackRequest).url();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.request.get(`${baseURL}/api/logout`);
    await page.goto(callbackUrl);
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get(`${baseURL}/api/users/me`)).status()).toBe(401);
  });

  test('a failing token endpoint ends at /login', async ({ page, context, actAs, oidcIssuer }) => {
    await actAs(uniqueIdentity());
    await context.addCookies([{ name: FAKE_TOKEN_FAILURE_COOKIE, value: '500', url: oidcIssuer }]);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sign-in did not complete. Please try again.')).toBeVisible();
    expect(errors.join('\n')).toContain(
      'Failed to exchange code for session token: API responded with HTTP status 502',
    );
  });

  test('an unknown or ended session is sent to /login', async ({ page, context, baseURL, signIn }) => {
    await signIn();
    await page.goto('/focus');
    await expect(page.getByRole('heading', { name: 'Focus', level: 1 })).toBeVisible();
    const url = new URL(baseURL);
    await context.addCookies([
      { name: 'lumara_session', value: 'x'.repeat(43), domain: url.hostname, path: '/' },
    ]);
    await page.goto('/focus');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('development sign-in', () => {
  test('the login page says so, and a typed name and email sign the member in', async ({
    page,
    devBaseURL,
    expectAccessible,
  }) => {
    await page.goto(`${devBaseURL}/login`);
    await expect(page.getByText('Development sign-in.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dev-sign-in\?/);
    await expectAccessible();

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/type a name/i)).toBeVisible();

    await page.getByLabel('Name').fill('Katherine Johnson');
    await page.getByLabel('Email').fill(`katherine-${Date.now()}@example.test`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back, Katherine')).toBeVisible();
  });
});
