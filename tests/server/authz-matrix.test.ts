import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TokenScope, tokenScopes } from '#shared/tokens.ts';
import { signInMember } from '#tests/factories/members.ts';
import { type OpenApiDocument, operationsOf } from '#tests/setup/api-contract.ts';
import { createAnotherMembersRows, routeMatrixOf } from '#tests/setup/route-matrix.ts';
import { buildTestApp } from '#tests/setup/test-app.ts';

// Built while the file is collected: the rows, one test each, come from the document this app serves.
const t = await buildTestApp();
afterAll(() => t.close());
const document = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument;
const matrix = routeMatrixOf(document);
beforeAll(() => createAnotherMembersRows(t, matrix));

/**
 * The authorization matrix (security): what every route answers to an anonymous visitor and to a
 * signed-in member, who asks for another member's rows where a route names one. The rows come from the OpenAPI
 * document (tests/setup/route-matrix.ts), which lists every route the app registers under /api; a route the app
 * registers outside it without a row fails the suite.
 */
describe('authorization matrix', () => {
  it('has a row for every route the app registers', () => {
    const registered = new Set(
      t.app.routes
        .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...registered].filter((route) => !(route in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((route) => !registered.has(route))).toEqual([]);
  });

  for (const [route, row] of Object.entries(matrix)) {
    it(`${route}: anonymous ${row.anonymous}, member ${row.member}`, async () => {
      const method = route.split(' ')[0] ?? 'GET';
      const anonymous = await t.request(row.path, {
        method,
        ...(row.body !== undefined ? { body: row.body } : {}),
      });
      expect(anonymous.status).toBe(row.anonymous);
      // A fresh member each time: a logout row must not end the session other rows use.
      const { cookie } = await signInMember(t);
      const member = await t.request(row.path, {
        method,
        cookie,
        ...(row.body !== undefined ? { body: row.body } : {}),
      });
      expect(member.status).toBe(row.member);
      if (row.stream) await member.body?.cancel();
    });
  }
});

/**
 * What a personal access token reaches (`Authorization: Bearer`, no cookie): a route that lists the token's scope
 * in its `accessToken` security answers as it does to the member, any other route that needs a member 403
 * `insufficient_scope` (a token can never make tokens, change or export the account, chat…). Every scope is
 * tried on every route that takes a token; the rest are tried with a token of every scope.
 */
describe('personal access token matrix', () => {
  const operations = operationsOf(document).filter(({ operation }) => operation.security?.length !== 0);
  const scopesOf = (security: unknown[] | undefined): string[] =>
    (security ?? []).flatMap((requirement) =>
      requirement && typeof requirement === 'object' && 'accessToken' in requirement
        ? (requirement.accessToken as string[])
        : [],
    );
  const tokenRoutes = operations.filter(({ operation }) => scopesOf(operation.security).length > 0);

  let tokens: Record<TokenScope | 'all', string>;
  beforeAll(async () => {
    const { cookie } = await signInMember(t);
    const make = async (scopes: TokenScope[]) => {
      const answer = await t.request('/api/tokens', {
        method: 'POST',
        cookie,
        body: { name: 'Matrix', scopes },
      });
      return ((await answer.json()) as { token: string }).token;
    };
    tokens = { all: await make([...tokenScopes]) } as Record<TokenScope | 'all', string>;
    for (const scope of tokenScopes) tokens[scope] = await make([scope]);
  });

  const send = (key: string, token: string) => {
    const row = matrix[key];
    if (!row) throw new Error(`no matrix row for ${key}`);
    return t.request(row.path, {
      method: key.split(' ')[0] ?? 'GET',
      headers: { authorization: `Bearer ${token}` },
      ...(row.body !== undefined ? { body: row.body } : {}),
    });
  };

  it('routes taking a token are the tasks, calendar, focus (insights included) and search families only', () => {
    expect(tokenRoutes.map(({ key }) => key).sort()).toEqual([
      'DELETE /api/tasks/:id',
      'GET /api/calendar/subscriptions',
      'GET /api/calendar/week',
      'GET /api/insights',
      'GET /api/pomodoro/timer',
      'GET /api/search',
      'GET /api/tasks',
      'POST /api/pomodoro',
      'POST /api/tasks',
      'POST /api/tasks/restore',
      'PUT /api/pomodoro/:id/complete',
      'PUT /api/pomodoro/timer',
      'PUT /api/tasks/:id',
    ]);
  });

  for (const { key, operation } of tokenRoutes) {
    const accepts = scopesOf(operation.security);
    for (const scope of tokenScopes) {
      const expected = accepts.includes(scope) ? (matrix[key]?.member ?? 0) : 403;
      it(`${key} with a ${scope} token: ${expected}`, async () => {
        const answer = await send(key, tokens[scope]);
        expect(answer.status).toBe(expected);
        if (expected === 403)
          expect(await answer.json()).toMatchObject({ error: { code: 'insufficient_scope' } });
        if (matrix[key]?.stream) await answer.body?.cancel();
      });
    }
  }

  for (const { key } of operations.filter((entry) => !tokenRoutes.includes(entry))) {
    it(`${key} with a token of every scope: 403`, async () => {
      const answer = await send(key, tokens.all);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ error: { code: 'insufficient_scope' } });
    });
  }
});
