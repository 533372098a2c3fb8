import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { signInMember } from '#tests/factories/members.ts';
import {
  FAKE_API_KEY,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#tests/fakes/openai-compatible-server.ts';
import { type FakeOpenAlexServer, startFakeOpenAlexServer } from '#tests/fakes/openalex-server.ts';
import {
  FAKE_STRAICO_API_KEY,
  type FakeStraicoServer,
  startFakeStraicoServer,
} from '#tests/fakes/straico-server.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Property-based bad input (quality-bars.md, security): every route the app registers, as an anonymous visitor
 * and as a member, with arbitrary bodies, content types, headers and path values. Whatever comes in: no 5xx, a
 * JSON error body in our shape for every 4xx, no stack trace, no new member written, no prototype polluted.
 * FUZZ_RUNS raises the count for a published run; CI uses a fixed seed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

let t: TestApp;
let memberCookie: string;
// Every AI provider is configured (against the local fakes), so a fuzzed body that happens to be valid reaches
// a provider and answers 200, rather than a 503 "not configured" that would read as a server failure here.
let openRouter: FakeOpenAiServer;
let straico: FakeStraicoServer;
let openAlex: FakeOpenAlexServer;
beforeAll(async () => {
  [openRouter, straico, openAlex] = await Promise.all([
    startFakeOpenAiServer(),
    startFakeStraicoServer(),
    startFakeOpenAlexServer(),
  ]);
  t = await buildTestApp({
    ai: {
      openRouter: { apiKey: FAKE_API_KEY, baseUrl: openRouter.baseUrl },
      straico: { apiKey: FAKE_STRAICO_API_KEY, baseUrl: straico.baseUrl },
      openAlex: { baseUrl: openAlex.baseUrl, mailto: undefined },
    },
  });
  ({ cookie: memberCookie } = await signInMember(t));
});
afterAll(async () => {
  await t.close();
  await Promise.all([openRouter.close(), straico.close(), openAlex.close()]);
});

const jsonish = fc.oneof(
  fc.json(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.constantFrom(
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"code":null,"state":[]}',
    '{"code":"x","state":"y","extra":1}',
    `{"code":"${'a'.repeat(5000)}","state":"s"}`,
    '{"name":"<script>alert(1)</script>","email":"a@b.co","state":"s","nonce":"n","code_challenge":"cccccccccccccccccccccccccccccccccccccccccccc"}',
    '[1e309, -0, 9007199254740993, NaN]',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    '',
  ),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  '',
  'multipart/form-data; boundary=x',
);
const cookieValue = fc.oneof(
  fc.constant(undefined),
  fc.string().map((value) => `lumara_session=${encodeURIComponent(value)}`),
  fc.constantFrom(
    'lumara_session=',
    'lumara_session=%',
    'lumara_session=a;lumara_session=b',
    `__Host-lumara_session=${'z'.repeat(43)}`,
  ),
  fc.string().map((value) => `lumara_sign_in=${value}`),
);
const pathValue = fc.oneof(
  fc.integer().map(String),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('0', '-1', '1e3', '999999999999999999', '%00', '..', 'NaN'),
);

function concretePath(path: string, value: string): string {
  return path
    .replace(/:[A-Za-z]+\{?[^/]*\}?/g, encodeURIComponent(value) || 'x')
    .replace(/\*$/, encodeURIComponent(value));
}

describe('bad input to every route', () => {
  it('never answers 5xx, always answers errors in the API shape, and writes no member', async () => {
    const routes = [
      ...new Map(
        t.app.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r]),
      ).values(),
    ];
    expect(routes.length).toBeGreaterThan(5);
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);

    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          jsonish,
          contentType,
          cookieValue,
          pathValue,
          fc.constantFrom(undefined, 'same-origin', 'cross-site', 'none'),
          fc.constantFrom(undefined, 'http://localhost:3000', 'https://evil.example', 'null'),
          async (asMember, body, type, cookie, value, fetchSite, origin) => {
            const headers: Record<string, string> = {};
            if (type) headers['content-type'] = type;
            const cookieHeader = asMember ? memberCookie : cookie;
            if (cookieHeader) headers.cookie = cookieHeader;
            if (fetchSite) headers['sec-fetch-site'] = fetchSite;
            if (origin) headers.origin = origin;
            const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
            const response = await t.app.request(`http://localhost:3000${concretePath(route.path, value)}`, {
              method: route.method,
              headers,
              ...(hasBody ? { body } : {}),
            });
            const text = await response.text();
            expect(response.status, `${route.method} ${route.path} -> ${text}`).toBeLessThan(500);
            expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
            if (response.status >= 400 && route.path.startsWith('/api')) {
              expect(apiErrorBodySchema.safeParse(JSON.parse(text)).success, text).toBe(true);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    }

    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after?.n).toBe(before?.n);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
