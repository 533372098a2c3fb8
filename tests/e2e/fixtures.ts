import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { encodeFakeIdentity, FAKE_IDENTITY_COOKIE, type FakeIdentity } from '../fakes/oidc-provider.ts';

export { expect };

let sequence = 0;

/** A member of their own for each test, so tests never see each other's data. */
export function uniqueIdentity(overrides: Partial<FakeIdentity> = {}): FakeIdentity {
  sequence += 1;
  const id = `${process.pid}-${Date.now().toString(36)}-${sequence}`;
  return { sub: `sub-${id}`, email: `member-${id}@example.test`, name: `Ada Lovelace`, ...overrides };
}

/** Dismisses every alert, confirm or prompt the page opens, and keeps their messages in order. */
export function recordDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  return messages;
}

/**
 * Records every Content-Security-Policy violation the page reports from now on (its next navigations included),
 * as `<directive> <blocked URI>`.
 */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

/**
 * The OIDC flow without clicking, through a browser context's API requests (which share its cookies): the
 * redirect URL, the OIDC server (vouching for whoever the context's identity cookie names), the code exchange.
 */
async function signInThroughApi(request: APIRequestContext, baseURL: string): Promise<void> {
  const start = await request.get(`${baseURL}/api/oauth/google/redirect_url`);
  expect(start.status()).toBe(200);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const atProvider = await request.get(redirectUrl, { maxRedirects: 0 });
  const callback = new URL(atProvider.headers().location ?? '');
  const session = await request.post(`${baseURL}/api/sessions`, {
    headers: { origin: baseURL },
    data: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
  });
  expect(session.status()).toBe(200);
}

/**
 * Another browser of its own (a new context), signed in through the API as `identity`: a second member, or the
 * same member on a second device.
 */
export async function signInNewContext(
  browser: Browser,
  { baseURL, oidcIssuer }: { baseURL: string; oidcIssuer: string },
  identity: FakeIdentity,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([
    { name: FAKE_IDENTITY_COOKIE, value: encodeFakeIdentity(identity), url: oidcIssuer },
  ]);
  await signInThroughApi(context.request, baseURL);
  return { context, page: waitForTheAppOnNavigation(await context.newPage()) };
}

export type Fixtures = {
  /** Lumara with Google sign-in (against the local OIDC server). */
  baseURL: string;
  devBaseURL: string;
  oidcIssuer: string;
  /** Makes the OIDC server vouch for this identity when this browser passes through it. */
  actAs: (identity: FakeIdentity) => Promise<void>;
  /** Signs the page's browser in through the API (OIDC flow without clicking), as a fresh member. */
  signIn: (identity?: FakeIdentity) => Promise<FakeIdentity>;
  /** Fails the test on serious or critical accessibility violations of the page as it is now. */
  expectAccessible: (page?: Page) => Promise<void>;
};

/**
 * After each of the page's navigations, waits until the app answers input (`data-live`, src/web/main.tsx): the
 * server paints the dashboard and the sign-in page before their JavaScript runs, and a click on them before then
 * goes nowhere, as it would for a person. A page that is not the app (no `#root`: JSON, a file) is ready at once.
 */
export function waitForTheAppOnNavigation(page: Page): Page {
  const untilLive = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || 'live' in document.documentElement.dataset,
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilLive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilLive();
    return response;
  };
  return page;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => use(waitForTheAppOnNavigation(page)),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => use(requiredEnv('E2E_BASE_URL')),
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  devBaseURL: async ({}, use) => use(requiredEnv('E2E_DEV_BASE_URL')),
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  oidcIssuer: async ({}, use) => use(requiredEnv('E2E_OIDC_ISSUER')),
  actAs: async ({ context, oidcIssuer }, use) => {
    await use(async (identity) => {
      await context.addCookies([
        { name: FAKE_IDENTITY_COOKIE, value: encodeFakeIdentity(identity), url: oidcIssuer },
      ]);
    });
  },
  signIn: async ({ page, baseURL, actAs }, use) => {
    await use(async (identity = uniqueIdentity()) => {
      await actAs(identity);
      await signInThroughApi(page.request, baseURL);
      return identity;
    });
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      // Contrast measured mid-fade is not the page's contrast: a toast sliding in (e.g. "Badge earned") made
      // this flaky. Wait for finite animations and transitions to end; endless ones (spinners) are left be.
      await target.waitForFunction(
        () =>
          document
            .getAnimations()
            .every(
              (a) =>
                a.playState !== 'running' ||
                a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
            ),
        undefined,
        { timeout: 5_000 },
      );
      const results = await new AxeBuilder({ page: target }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
      ).toEqual([]);
    });
  },
});

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the end-to-end tests with \`npx playwright test\` (global setup starts the servers)`,
    );
  return value;
}
