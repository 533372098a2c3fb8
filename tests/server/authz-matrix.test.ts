import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMember } from '#tests/factories/members.ts';
import { routeMatrix as matrix } from '#tests/setup/route-matrix.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * The authorization matrix (security): what every route answers to an anonymous visitor and to a
 * signed-in member (the table is tests/setup/route-matrix.ts). A route the app registers without a row fails the
 * suite, so a new route cannot ship without its rules written down.
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
      const [method = 'GET', pattern = '/'] = route.split(' ');
      const path = row.path ?? pattern;
      const anonymous = await t.request(path, {
        method,
        ...(row.body !== undefined ? { body: row.body } : {}),
      });
      expect(anonymous.status).toBe(row.anonymous);
      // A fresh member each time: a logout row must not end the session other rows use.
      const { cookie } = await signInMember(t);
      const member = await t.request(path, {
        method,
        cookie,
        ...(row.body !== undefined ? { body: row.body } : {}),
      });
      expect(member.status).toBe(row.member);
      if (row.stream) await member.body?.cancel();
    });
  }
});
