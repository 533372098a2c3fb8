import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMember } from '#tests/factories/members.ts';
import { createContractChecker, type OpenApiDocument, operationsOf } from '#tests/setup/api-contract.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The OpenAPI document (`GET /api/openapi.json`) is generated from the routes' declarations; this checks that
 * it is the whole API and a valid document. That every answer keeps it is checked on every request of the
 * server suite (tests/setup/test-app.ts), with the checker this file also proves can fail.
 */
let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await buildTestApp();
  const answer = await t.request('/api/openapi.json');
  expect(answer.status).toBe(200);
  document = (await answer.json()) as OpenApiDocument;
});
afterAll(async () => {
  await t.close();
});

/** Every route Hono has registered for a method under /api (middleware is registered as ALL). */
function registeredApiRoutes(): Set<string> {
  return new Set(
    t.app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path}`),
  );
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The parser dereferences in place: it gets its own copy.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.specification).toBe('OpenAPI');
  });

  it('lists every route the app registers under /api, and nothing else', () => {
    const documented = new Set(operationsOf(document).map((entry) => entry.key));
    const registered = registeredApiRoutes();
    expect([...registered].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !registered.has(route))).toEqual([]);
    expect(documented.size).toBeGreaterThan(80);
  });

  it('names every operation once, verb then noun, for generated clients', () => {
    const operations = operationsOf(document);
    const unnamed = operations.filter((entry) => !entry.operation.operationId).map((entry) => entry.key);
    expect(unnamed).toEqual([]);
    const ids = operations.map((entry) => entry.operation.operationId ?? '');
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    // camelCase, starting with the verb: what openapi-typescript and openapi-generator name the methods.
    expect(ids.filter((id) => !/^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(id))).toEqual([]);
    expect(document.paths['/api/tasks']?.get?.operationId).toBe('listTasks');
  });

  it('is served by the server it came from', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('names the session cookie, and every route but the public ones needs it', () => {
    expect(document.components?.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'lumara_session' },
      accessToken: { type: 'http', scheme: 'bearer' },
    });
    const publicRoutes = operationsOf(document)
      .filter((entry) => entry.operation.security?.length === 0)
      .map((entry) => entry.key)
      .sort();
    expect(publicRoutes).toEqual(
      [
        'GET /api/auth/mode',
        'GET /api/docs',
        'GET /api/docs/reference.js',
        'GET /api/logout',
        'GET /api/oauth/google/redirect_url',
        'GET /api/openapi.json',
        'POST /api/dev-identity/authorize',
        'POST /api/logout',
        'POST /api/sessions',
      ].sort(),
    );
  });

  it('declares the error body, by code, for every failure status of every route', () => {
    for (const { key, operation } of operationsOf(document)) {
      for (const status of ['400', '401', '403', '404', '413', '415', '429', '500', '503']) {
        expect(operation.responses[status]?.content?.['application/json'], `${key} ${status}`).toBeDefined();
      }
    }
  });

  it('describes the task routes with their inputs and answers', () => {
    const update = document.paths['/api/tasks/{id}']?.put;
    // The id, and the Idempotency-Key a completion sent twice is known by.
    expect(update?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'idempotency-key', in: 'header', required: false }),
    ]);
    expect(update?.requestBody?.content['application/json']?.schema).toBeDefined();
    expect(update?.responses['200']?.content?.['application/json']?.schema).toBeDefined();
  });
});

describe('the contract check every server test runs', () => {
  it('accepts what the app answers and refuses an answer the document does not allow', async () => {
    const checker = createContractChecker(document);
    const { cookie } = await signInMember(t);
    const created = await t.request('/api/tasks', { method: 'POST', cookie, body: { title: 'Contract' } });
    const body = await created.text();
    expect(checker.check('POST', '/api/tasks', 201, 'application/json', body)).toBeUndefined();

    const renamed = body.replace('"title"', '"titel"');
    expect(checker.check('POST', '/api/tasks', 201, 'application/json', renamed)).toMatch(/title/);
    expect(checker.check('POST', '/api/tasks', 299, 'application/json', body)).toMatch(/does not declare/);
    expect(checker.check('POST', '/api/tasks', 201, 'text/html', '<p>')).toMatch(
      /declares application\/json/,
    );
    expect(
      checker.check(
        'GET',
        '/api/tasks/1',
        400,
        'application/json',
        '{"error":{"code":"nope","message":"x"}}',
      ),
    ).toMatch(/not in the document|does not match/);
  });
});
