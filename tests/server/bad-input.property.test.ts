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
import { type OpenApiDocument, operationsOf } from '#tests/setup/api-contract.ts';
import { createRequestArbitraries } from '#tests/setup/openapi-arbitraries.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Property-based bad input (security): every route of the OpenAPI document (which lists every
 * route the app registers: api-contract.test.ts), as an anonymous visitor and as a member, with requests built
 * from the route's own declared parameters and body (tests/setup/openapi-arbitraries.ts), content types,
 * cookies and origins. Whatever comes in: no 5xx, a
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

const contentType = fc.constantFrom(
  'application/json',
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

describe('bad input to every route', () => {
  it('never answers 5xx, always answers errors in the API shape, and writes no member', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument;
    const requestsOf = createRequestArbitraries(document);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(80);
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);

    for (const { method, path, operation } of operations) {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          requestsOf(path, operation),
          contentType,
          cookieValue,
          fc.constantFrom(undefined, 'same-origin', 'cross-site', 'none'),
          fc.constantFrom(undefined, 'http://localhost:3000', 'https://evil.example', 'null'),
          async (asMember, request, type, cookie, fetchSite, origin) => {
            const headers: Record<string, string> = {};
            if (type && request.body !== undefined) headers['content-type'] = type;
            const cookieHeader = asMember ? memberCookie : cookie;
            if (cookieHeader) headers.cookie = cookieHeader;
            if (fetchSite) headers['sec-fetch-site'] = fetchSite;
            if (origin) headers.origin = origin;
            const hasBody = method !== 'GET' && method !== 'HEAD' && request.body !== undefined;
            const url = `${request.path}${request.query}`;
            const response = await t.app.request(`http://localhost:3000${url}`, {
              method,
              headers,
              ...(hasBody ? { body: request.body } : {}),
            });
            const isStream = response.headers.get('content-type')?.startsWith('text/event-stream');
            const text = isStream ? '' : await response.text();
            if (isStream) await response.body?.cancel();
            expect(response.status, `${method} ${url} -> ${text.slice(0, 300)}`).toBeLessThan(500);
            expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
            if (response.status >= 400) {
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
