import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { profileMeSchema } from '#shared/profile.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * Themes through the real app: a theme studio panel theme, a Color Themes token theme
 * (hex colours only), and one theme in force at a time, read back through `GET /api/profile/me`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function fieldsOf(response: Response): Promise<Record<string, string>> {
  expect(response.status).toBe(400);
  return apiErrorBodySchema.parse(await response.json()).error.fields ?? {};
}

async function me(cookie: string) {
  const response = await t.request('/api/profile/me', { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return profileMeSchema.parse(await response.json());
}

describe("the member's theme", () => {
  it('saves a panel theme and refuses an unknown one', async () => {
    const { cookie } = await signInMember(t);
    const saved = await t.request('/api/profile/set-theme', {
      method: 'POST',
      cookie,
      body: { theme: 'ocean' },
    });
    expect(await saved.json()).toEqual({ theme: 'ocean' });
    const refused = await t.request('/api/profile/set-theme', {
      method: 'POST',
      cookie,
      body: { theme: 'dark-glam' },
    });
    expect(Object.keys(await fieldsOf(refused))).toEqual(['theme']);
    expect((await me(cookie)).theme).toBe('ocean');
  });

  it('applies a token theme with hex colours only', async () => {
    const { cookie } = await signInMember(t);
    const tokens = { bg: '#0b0b1a', surface: '#1a1a2e', text: '#fff', accent: '#ff7eb3', accent2: '#7afcff' };
    const applied = await t.request('/api/theme/apply', {
      method: 'POST',
      cookie,
      body: { name: 'ocean-mint', tokens },
    });
    expect(await applied.json()).toEqual({ name: 'ocean-mint', tokens });
    expect(await me(cookie)).toMatchObject({ theme_name: 'ocean-mint', theme_tokens: tokens });

    const script = await t.request('/api/theme/apply', {
      method: 'POST',
      cookie,
      body: { name: 'ocean-mint', tokens: { ...tokens, accent: 'red;}</style><script>' } },
    });
    expect(Object.keys(await fieldsOf(script))).toEqual(['tokens.accent']);
    const unknown = await t.request('/api/theme/apply', {
      method: 'POST',
      cookie,
      body: { name: 'hacker-green', tokens },
    });
    expect(Object.keys(await fieldsOf(unknown))).toEqual(['name']);
    expect((await me(cookie)).theme_tokens).toEqual(tokens);
  });

  it('keeps one theme in force: a panel theme clears the token theme and the other way round', async () => {
    const { cookie } = await signInMember(t);
    const tokens = { bg: '#0b0b1a', surface: '#1a1a2e', text: '#fff', accent: '#ff7eb3', accent2: '#7afcff' };
    await t.request('/api/theme/apply', { method: 'POST', cookie, body: { name: 'ocean-mint', tokens } });
    await t.request('/api/profile/set-theme', { method: 'POST', cookie, body: { theme: 'forest' } });
    expect(await me(cookie)).toMatchObject({ theme: 'forest', theme_name: null, theme_tokens: null });
    await t.request('/api/theme/apply', { method: 'POST', cookie, body: { name: 'ocean-mint', tokens } });
    expect(await me(cookie)).toMatchObject({ theme: null, theme_name: 'ocean-mint', theme_tokens: tokens });
  });
});
