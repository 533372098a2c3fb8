import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMember } from '#tests/factories/members.ts';
import type { OpenApiDocument } from '#tests/setup/api-contract.ts';
import { createAnotherMembersRows, routeMatrixOf } from '#tests/setup/route-matrix.ts';
import { buildTestApp } from '#tests/setup/test-app.ts';

// Built while the file is collected: the rows, one test each, come from the document this app serves.
const t = await buildTestApp();
afterAll(() => t.close());
const matrix = routeMatrixOf((await (await t.request('/api/openapi.json')).json()) as OpenApiDocument);
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
