import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMember } from '#tests/factories/members.ts';
import type { OpenApiDocument } from '#tests/setup/api-contract.ts';
import { type AppOverHttp, serveOverHttp } from '#tests/setup/app-over-http.ts';
import { createAnotherMembersRows, routeMatrixOf } from '#tests/setup/route-matrix.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Every write route, as any HTTP client sends it (decision 0004): over a real socket, so Content-Length
 * is what curl or `fetch` send. A write with no body is judged like any other, by its origin, then its session,
 * then the route; a body must be JSON; another site is refused whatever it sends, and changes nothing.
 */
// Built while the file is collected: the writes, one test each, come from the document this app serves.
const t: TestApp = await buildTestApp();
const matrix = routeMatrixOf((await (await t.request('/api/openapi.json')).json()) as OpenApiDocument);
let http: AppOverHttp;
let base: string;
beforeAll(async () => {
  // The matrix's answers are those to a member asking for another member's rows.
  await createAnotherMembersRows(t, matrix);
  http = await serveOverHttp(t);
  base = http.url;
});
afterAll(async () => {
  await http.close();
  await t.close();
});

// The API's writes. The MCP endpoint is outside it: it takes a bearer token only, never the session cookie
// these checks are there for (its own refusals: src/server/features/mcp/mcp.test.ts).
const writes = Object.entries(matrix)
  .map(([route, row]) => ({ route, method: route.split(' ')[0] ?? 'GET', path: row.path, row }))
  .filter(({ method, path }) => method !== 'GET' && path.startsWith('/api/'));

/** Sends a write over HTTP; the Host header is the app's own, as behind the app's public origin. */
function send(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  return fetch(`${base}${path}`, {
    method,
    headers: { host: t.appUrl.host, ...init.headers },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
}

/** Every row of every table, hashed: equal before and after means nothing was written. */
async function fingerprint(): Promise<string> {
  const { rows: tables } = await t.database.pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await t.database.pool.query<{ digest: string | null }>(
      `SELECT md5(string_agg(row_text, ',' ORDER BY row_text)) AS digest FROM (SELECT t::text AS row_text FROM "${name}" t) rows`,
    );
    parts.push(`${name}:${rows[0]?.digest ?? ''}`);
  }
  return parts.join(';');
}

const bodyless = (row: { body?: unknown }) =>
  row.body === undefined ||
  (typeof row.body === 'object' && row.body !== null && Object.keys(row.body).length === 0);

describe('writes with no body', () => {
  it.each(writes.map((write) => [write.route, write]))(
    '%s: without a session, the session check answers (no 415)',
    async (_route, write) => {
      const response = await send(write.method, write.path);
      // Public routes (sign-in, logout) answer as they answer an anonymous visitor's JSON: with no body, their own
      // validation (400) when they need one.
      const expected = write.row.anonymous === 401 || bodyless(write.row) ? write.row.anonymous : 400;
      expect(response.status, await response.text()).toBe(expected);
    },
  );

  it.each(writes.map((write) => [write.route, write]))(
    '%s: with a session, the route answers (its own answer when it takes no body, 400 when it needs one)',
    async (_route, write) => {
      const { cookie } = await signInMember(t);
      const response = await send(write.method, write.path, { headers: { cookie } });
      // A member refused the route itself (operators only: 403) is refused before any body is looked at.
      const expected = bodyless(write.row) || write.row.operatorsOnly ? write.row.member : 400;
      expect(response.status, await response.text()).toBe(expected);
    },
  );
});

describe('writes with a body', () => {
  it.each(
    writes.flatMap((write) =>
      ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'].map(
        (type) => [write.route, type, write] as const,
      ),
    ),
  )('%s as %s: 415', async (_route, type, write) => {
    const { cookie } = await signInMember(t);
    const response = await send(write.method, write.path, {
      headers: { cookie, 'content-type': type },
      body: JSON.stringify(write.row.body ?? {}),
    });
    expect(response.status).toBe(415);
  });

  it('refuses a form that declares its type even with nothing in it (Content-Length: 0), whatever the site', async () => {
    const { cookie } = await signInMember(t);
    const form = { cookie, 'content-type': 'application/x-www-form-urlencoded' };
    expect((await send('POST', '/api/quick-actions/seed', { headers: form, body: '' })).status).toBe(415);
    const foreign = await send('POST', '/api/quick-actions/seed', {
      headers: { ...form, origin: 'https://evil.example' },
      body: '',
    });
    expect(foreign.status).toBe(403);
  });
});

describe('writes from another site', () => {
  it('are refused with 403, with or without a body, JSON or not, and change nothing', async () => {
    const { cookie } = await signInMember(t);
    const before = await fingerprint();
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const write of writes) {
      for (const site of foreign) {
        const withoutBody = await send(write.method, write.path, { headers: { cookie, ...site } });
        expect(withoutBody.status, `${write.route} without a body`).toBe(403);
        const withJson = await send(write.method, write.path, {
          headers: { cookie, 'content-type': 'application/json', ...site },
          body: JSON.stringify(write.row.body ?? {}),
        });
        expect(withJson.status, `${write.route} with JSON`).toBe(403);
      }
    }
    expect(await fingerprint()).toBe(before);
  });
});
