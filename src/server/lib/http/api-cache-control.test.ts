import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * What the browser may keep of the API's answers: the offline copy's reads are `private, no-cache` (the service
 * worker keeps them), everything else is `no-store` (the worker keeps none of it, and no other cache does).
 */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signInMember(t));
});
afterAll(async () => {
  await t?.close();
});

async function cacheControlOf(path: string, withCookie = true): Promise<string | null> {
  const response = await t.request(path, withCookie ? { cookie } : {});
  return response.headers.get('cache-control');
}

describe('Cache-Control on the API', () => {
  it('marks the reads the offline copy needs as private, no-cache', async () => {
    for (const path of [
      '/api/users/me',
      '/api/auth/mode',
      '/api/profile/me',
      '/api/tasks',
      '/api/dashboard',
      '/api/dashboard/stats',
      '/api/calendar/week',
      '/api/badges',
    ]) {
      expect([path, await cacheControlOf(path)]).toEqual([path, 'private, no-cache']);
    }
  });

  it('marks every other answer no-store, the export archive and the reference included', async () => {
    for (const path of ['/api/profile', '/api/media', '/api/media/usage', '/api/chat/threads']) {
      expect([path, await cacheControlOf(path)]).toEqual([path, 'no-store']);
    }
    expect(await cacheControlOf('/api/account/export')).toContain('no-store');
    expect(await cacheControlOf('/api/docs')).toBe('no-store');
  });

  it('keeps no refusal, not even of an offline read', async () => {
    expect(await cacheControlOf('/api/users/me', false)).toBe('no-store');
    expect(await cacheControlOf('/api/calendar/week?time_zone=Nowhere/Else')).toBe('no-store');
  });
});
