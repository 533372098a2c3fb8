import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '#server/app.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signInMember(t));
});
afterAll(() => t.close());

const sessionRequest = (headers: Record<string, string>, body = '{"code":"c","state":"s"}') =>
  t.app.request('http://localhost:3000/api/sessions', { method: 'POST', headers, body });

describe('cross-site request defence', () => {
  it.each([
    ['no content type', {}],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['plain text', { 'content-type': 'text/plain' }],
    ['json-looking text', { 'content-type': 'text/json' }],
  ])('answers 415 to a state-changing request with %s', async (_label, headers) => {
    const response = await sessionRequest(headers);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: { code: 'unsupported_media_type', message: 'Send the request body as application/json' },
    });
  });

  it('answers 403 to JSON from a foreign Origin (which Hono csrf() alone lets through)', async () => {
    const response = await sessionRequest({
      'content-type': 'application/json',
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('cross_site_request');
  });

  it.each(['cross-site', 'same-site'])('answers 403 to Sec-Fetch-Site: %s, reads included', async (site) => {
    const post = await sessionRequest({ 'content-type': 'application/json', 'sec-fetch-site': site });
    expect(post.status).toBe(403);
    const logout = await t.request('/api/logout', { cookie, headers: { 'sec-fetch-site': site } });
    expect(logout.status).toBe(403);
    // The session survived the forged logout.
    expect((await t.request('/api/users/me', { cookie })).status).toBe(200);
  });

  it('lets same-origin JSON through to validation', async () => {
    const response = await sessionRequest({
      'content-type': 'application/json; charset=utf-8',
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.status).toBe(400);
  });
});

describe('bad bodies', () => {
  it.each([
    ['a task title', '/api/tasks', { title: 'before\u0000after' }, 'title'],
    ['a nested field', '/api/quick-actions', { label: 'x', payload: { model: 'a\u0000' } }, 'payload.model'],
    ['a key', '/api/tasks', { 'ti\u0000tle': 'x' }, 'ti\u0000tle'],
  ])(
    'answers 400 to a NUL character in %s (PostgreSQL text cannot hold one), writing nothing',
    async (_label, path, body, field) => {
      const before = await (await t.request('/api/tasks', { cookie })).json();
      const response = await t.request(path, { method: 'POST', cookie, body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual(
        {
          [field]: 'Text cannot contain a NUL character',
        },
      );
      expect(await (await t.request('/api/tasks', { cookie })).json()).toEqual(before);
    },
  );

  it('answers 400 to malformed JSON', async () => {
    const response = await sessionRequest({ 'content-type': 'application/json' }, '{"code":');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
  });

  it('answers 400 to unknown fields (no mass assignment)', async () => {
    const response = await sessionRequest(
      { 'content-type': 'application/json' },
      '{"code":"c","state":"s","userId":1}',
    );
    expect(response.status).toBe(400);
  });

  it('answers 413 to a body over the limit, declared or streamed', async () => {
    const huge = JSON.stringify({ code: 'x'.repeat(MAX_BODY_BYTES), state: 's' });
    const declared = await sessionRequest({ 'content-type': 'application/json' }, huge);
    expect(declared.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(huge));
        controller.close();
      },
    });
    const streamed = await t.app.request('http://localhost:3000/api/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });
});

describe('responses', () => {
  it('carry the security headers on JSON, errors and unknown routes', async () => {
    for (const path of ['/healthz', '/api/users/me', '/api/nope', '/nope']) {
      const response = await t.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("'unsafe-inline' 'self'; script");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain('https://www.youtube.com');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      // HSTS only over https (see auth.test.ts for the https app).
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('never lets authenticated JSON be cached', async () => {
    const response = await t.request('/api/profile', { cookie });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown API routes with a 404 JSON error', async () => {
    const response = await t.request('/api/does-not-exist', { method: 'POST', body: {} });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('keeps a well-formed request id from the load balancer', async () => {
    const response = await t.request('/healthz', { headers: { 'x-request-id': 'lb-1234567890' } });
    expect(response.headers.get('x-request-id')).toBe('lb-1234567890');
  });
});
