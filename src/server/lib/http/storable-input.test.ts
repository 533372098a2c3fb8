import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationJobs } from '#server/db/schema.ts';
import { findUnstorableText } from '#server/lib/data/storable-text.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { failureKindOf } from './failure-kinds.ts';

/**
 * Input PostgreSQL refuses (failure 2): each of these reached a query and answered 500. Now the edge
 * refuses it with a 400 naming the field, and nothing is written. fal is "configured" (on a closed port) so a
 * generation start gets as far as writing its job, which is where a lone surrogate used to fail.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  const closed = 'http://127.0.0.1:9';
  t = await buildTestApp({ ai: { fal: { apiKey: 'key-id:key-secret', baseUrl: closed, queueUrl: closed } } });
  ({ cookie } = await signInMember(t));
});
afterAll(() => t.close());

const LONE_SURROGATE = 'Text must be valid Unicode (it holds a lone surrogate)';
const NUL = 'Text cannot contain a NUL character';

async function fieldsOf(response: Response): Promise<Record<string, string>> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
  expect(body.error.code).toBe('validation_failed');
  return body.error.fields;
}

const jobCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(generationJobs))[0]?.n ?? 0;

describe('text and numbers PostgreSQL cannot store', () => {
  it.each([
    ['/api/profile/avatar-generate', '{"prompt":"\\ud800"}'],
    ['/api/ai/image', '{"provider":"fal","model":"fal-ai/flux/schnell","prompt":"a \\ud800 parrot"}'],
    ['/api/fal/image', '{"model":"fal-ai/flux/schnell","prompt":"\\udfff"}'],
  ])('refuses a lone surrogate in the prompt of %s, writing no job', async (path, body) => {
    const before = await jobCount();
    const response = await t.request(path, { method: 'POST', cookie, body });
    expect(await fieldsOf(response)).toEqual({ prompt: LONE_SURROGATE });
    expect(await jobCount()).toBe(before);
  });

  it('keeps a surrogate pair (an emoji) as it is', async () => {
    const created = await t.request('/api/tasks', {
      method: 'POST',
      cookie,
      body: '{"title":"Plan 🦜 \\ud83e\\udd9c"}',
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { title: string }).title).toBe('Plan 🦜 🦜');
  });

  it.each([
    ['/api/download?url=%00', 'url', NUL],
    ['/api/media?q=%00', 'q', NUL],
    ['/api/media?q=ok&type=%00image', 'type', NUL],
    ['/api/calendar/week?time_zone=Europe%2FMadrid%00', 'time_zone', NUL],
    ['/api/media?%00=x', '(query)', NUL],
  ])('refuses %s with 400 naming the field', async (path, field, reason) => {
    expect(await fieldsOf(await t.request(path, { cookie }))).toEqual({ [field]: reason });
  });

  it('refuses a NUL in a path segment', async () => {
    const response = await t.request('/api/ai/jobs/%00/outputs/0', { cookie });
    expect(await fieldsOf(response)).toEqual({ path: NUL });
  });

  it('refuses an id above the 32-bit range in a body with 400, and answers 404 for one in a path', async () => {
    const restore = await t.request('/api/tasks/restore', {
      method: 'POST',
      cookie,
      body: '{"id":2147483648}',
    });
    expect(Object.keys(await fieldsOf(restore))).toEqual(['id']);
    const inPath = await t.request('/api/tasks/2147483648', { method: 'DELETE', cookie, body: {} });
    expect(inPath.status).toBe(404);
  });

  it('finds unstorable text in keys and nested values, in the order sent', () => {
    expect(findUnstorableText({ a: 'ok', b: ['x', { 'c\u0000': 1 }], d: '\ud800' })).toEqual({
      field: 'b.1.c\u0000',
      reason: NUL,
    });
    expect(findUnstorableText('\udc00')).toEqual({ field: '(body)', reason: LONE_SURROGATE });
    expect(
      findUnstorableText({ deep: JSON.parse(`${'['.repeat(5000)}"\\u0000"${']'.repeat(5000)}`) }),
    ).not.toBeNull();
    expect(findUnstorableText({ fine: 'Ünïcödé 🦜', n: 1, z: null })).toBeNull();
  });

  it('answers 400, not 500, when the database itself refuses a value the edge let through', () => {
    const refused = Object.assign(new Error('value "2147483648" is out of range for type integer'), {
      code: '22003',
    });
    expect(failureKindOf(new Error('Failed query', { cause: refused }))).toBe('refused_value');
    const full = Object.assign(new Error('could not extend file: No space left on device'), {
      code: '53100',
    });
    expect(failureKindOf(new Error('Failed query', { cause: full }))).toBe('storage_full');
    expect(failureKindOf(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe('storage_full');
    expect(failureKindOf(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(failureKindOf(new Error('a bug'))).toBeNull();
  });
});
