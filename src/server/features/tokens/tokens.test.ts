import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenCalls, accessTokens } from '#server/db/schema.ts';
import { type AccessToken, type CreatedToken, TOKEN_LIMITS, type TokenCall } from '#shared/tokens.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { hashAccessToken, recordTokenCall } from './tokens.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function makeToken(cookie: string, body: Record<string, unknown>) {
  const answer = await t.request('/api/tokens', { method: 'POST', cookie, body });
  expect(answer.status).toBe(201);
  return (await answer.json()) as CreatedToken;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('personal access tokens', () => {
  it('are shown once, kept hashed, listed without the token and revoked', async () => {
    const { cookie } = await signInMember(t);
    const created = await makeToken(cookie, { name: 'Claude', scopes: ['tasks:read'], expires_in_days: 30 });
    expect(created.token).toMatch(/^lum_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Claude', scopes: ['tasks:read'] });
    expect(Date.parse(created.expires_at ?? '') - Date.parse(created.created_at)).toBe(30 * 24 * 60 * 60_000);

    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, created.id));
    expect(row?.tokenHash).toBe(hashAccessToken(created.token));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await t.request('/api/tokens', { cookie });
    const text = await list.text();
    expect(text).not.toContain(created.token);
    const listed = JSON.parse(text) as AccessToken[];
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'Claude',
        scopes: ['tasks:read'],
        created_at: created.created_at,
        expires_at: created.expires_at,
        last_used_at: null,
      },
    ]);

    expect((await t.request('/api/tasks', { headers: bearer(created.token) })).status).toBe(200);
    const used = (await (await t.request('/api/tokens', { cookie })).json()) as AccessToken[];
    expect(used[0]?.last_used_at).toBe(t.clock.now().toISOString());

    expect((await t.request(`/api/tokens/${created.id}`, { method: 'DELETE', cookie })).status).toBe(200);
    const revoked = await t.request('/api/tasks', { headers: bearer(created.token) });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await (await t.request('/api/tokens', { cookie })).json()).toEqual([]);
  });

  it('without expires_in_days last until revoked; expired ones answer 401', async () => {
    const { cookie } = await signInMember(t);
    const forever = await makeToken(cookie, { name: 'Forever', scopes: ['tasks:read'] });
    expect(forever.expires_at).toBeNull();
    const short = await makeToken(cookie, { name: 'Short', scopes: ['tasks:read'], expires_in_days: 1 });
    expect((await t.request('/api/tasks', { headers: bearer(short.token) })).status).toBe(200);
    t.clock.advance(24 * 60 * 60_000);
    expect((await t.request('/api/tasks', { headers: bearer(short.token) })).status).toBe(401);
    expect((await t.request('/api/tasks', { headers: bearer(forever.token) })).status).toBe(200);
  });

  it('unknown and malformed tokens answer 401', async () => {
    for (const header of [`Bearer lum_${'a'.repeat(43)}`, 'Bearer nope', 'Bearer', 'bearer   ']) {
      const answer = await t.request('/api/tasks', { headers: { authorization: header } });
      expect(answer.status, header).toBe(401);
      expect(await answer.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
  });

  it('act as their member, with no Origin check, and ignore a cookie sent with them', async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const { token } = await makeToken(owner.cookie, {
      name: 'Script',
      scopes: ['tasks:read', 'tasks:write'],
    });
    // From another site, as no browser page could send it: a token is no ambient credential.
    const made = await t.request('/api/tasks', {
      method: 'POST',
      body: { title: 'From a script' },
      headers: { ...bearer(token), origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(made.status).toBe(201);
    const ownTasks = (await (await t.request('/api/tasks', { cookie: owner.cookie })).json()) as {
      title: string;
    }[];
    expect(ownTasks.map((task) => task.title)).toContain('From a script');

    // A cookie with the bearer is not read: the token's member acts, and the cookie gets no cross-site pass.
    const mixed = await t.request('/api/tasks', { cookie: other.cookie, headers: bearer(token) });
    expect(((await mixed.json()) as { title: string }[]).map((task) => task.title)).toContain(
      'From a script',
    );
    const foreign = await t.request('/api/tasks', {
      method: 'POST',
      cookie: other.cookie,
      body: { title: 'Forged' },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(foreign.status).toBe(403);
    const badToken = await t.request('/api/users/me', {
      cookie: other.cookie,
      headers: { authorization: 'Bearer lum_unknown' },
    });
    expect(badToken.status).toBe(401);
  });

  it('can never make tokens, list them or reach the account', async () => {
    const { cookie } = await signInMember(t);
    const { token } = await makeToken(cookie, {
      name: 'Everything',
      scopes: ['tasks:read', 'tasks:write', 'calendar:read', 'focus:read', 'focus:write', 'mcp'],
    });
    const mint = await t.request('/api/tokens', {
      method: 'POST',
      body: { name: 'Child', scopes: ['tasks:read'] },
      headers: bearer(token),
    });
    expect(mint.status).toBe(403);
    expect(await mint.json()).toMatchObject({ error: { code: 'insufficient_scope' } });
    expect(mint.headers.get('www-authenticate')).toContain('insufficient_scope');
    for (const [method, path] of [
      ['GET', '/api/tokens'],
      ['GET', '/api/users/me'],
      ['GET', '/api/account/export'],
      ['DELETE', '/api/tokens/1'],
    ] as const) {
      expect((await t.request(path, { method, headers: bearer(token) })).status, path).toBe(403);
    }
    expect(await t.db.select().from(accessTokens).where(eq(accessTokens.name, 'Child'))).toEqual([]);
  });

  it("another member's token answers 404 and stays", async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const { id, token } = await makeToken(owner.cookie, { name: 'Mine', scopes: ['focus:read'] });
    expect((await t.request(`/api/tokens/${id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(
      404,
    );
    expect((await t.request('/api/pomodoro/timer', { headers: bearer(token) })).status).toBe(200);
  });

  it('refuses bad input (400) and more than the allowed tokens (409)', async () => {
    const { cookie } = await signInMember(t);
    for (const body of [
      { name: '', scopes: ['tasks:read'] },
      { name: 'x'.repeat(TOKEN_LIMITS.nameMax + 1), scopes: ['tasks:read'] },
      { name: 'No scopes', scopes: [] },
      { name: 'Unknown scope', scopes: ['account:delete'] },
      { name: 'Too long', scopes: ['tasks:read'], expires_in_days: TOKEN_LIMITS.expiresInDaysMax + 1 },
    ]) {
      expect((await t.request('/api/tokens', { method: 'POST', cookie, body })).status, body.name).toBe(400);
    }
    for (let i = 0; i < TOKEN_LIMITS.perMember; i++)
      await makeToken(cookie, { name: `T${i}`, scopes: ['mcp'] });
    const over = await t.request('/api/tokens', {
      method: 'POST',
      cookie,
      body: { name: 'One more', scopes: ['mcp'] },
    });
    expect(over.status).toBe(409);
  });

  it('record calls for Settings, the newest of each token, results cut short', async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const { id } = await makeToken(owner.cookie, { name: 'Agent', scopes: ['mcp'] });
    for (let i = 0; i < TOKEN_LIMITS.callsKept + 3; i++) {
      await recordTokenCall(t.db, {
        tokenId: id,
        userId: owner.user.id,
        tool: 'list_tasks',
        ok: i % 2 === 0,
        result: i === TOKEN_LIMITS.callsKept + 2 ? `x\u0000${'y'.repeat(900)}` : `Call ${i}`,
        now: t.clock.now(),
      });
    }
    const stored = await t.db.select().from(accessTokenCalls).where(eq(accessTokenCalls.tokenId, id));
    expect(stored).toHaveLength(TOKEN_LIMITS.callsKept);
    const calls = (await (
      await t.request('/api/tokens/calls', { cookie: owner.cookie })
    ).json()) as TokenCall[];
    expect(calls).toHaveLength(TOKEN_LIMITS.callsKept);
    expect(calls[0]).toMatchObject({ token_id: id, tool: 'list_tasks', ok: true });
    expect(calls[0]?.result).toHaveLength(TOKEN_LIMITS.resultMax);
    expect(calls[0]?.result.startsWith('xy')).toBe(true);
    expect(calls.at(-1)?.result).toBe('Call 3');
    expect(await (await t.request('/api/tokens/calls', { cookie: other.cookie })).json()).toEqual([]);
  });
});
