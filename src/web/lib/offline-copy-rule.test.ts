import { describe, expect, it } from 'vitest';
import { OFFLINE_API_CACHE } from './offline-api-cache.ts';
import { isOfflineCopyRequest, offlineCopyPlugin } from './offline-copy-rule.ts';

/**
 * Workbox writes these functions into the service worker as their source text, so the test runs them the same
 * way: rebuilt from their text, where they can reach nothing outside themselves.
 */
function asWritten<F>(fn: F): F {
  return new Function(`return (${String(fn)});`)() as F;
}

const routeMatches = asWritten(isOfflineCopyRequest);
const cacheWillUpdate = asWritten(offlineCopyPlugin.cacheWillUpdate);

function matches(path: string, method = 'GET'): boolean {
  const url = new URL(path, 'https://lumara.example');
  return routeMatches({ url, request: new Request(url, { method }), sameOrigin: true });
}

function answer(cacheControl: string | null): Response {
  return new Response('{}', { headers: cacheControl === null ? {} : { 'Cache-Control': cacheControl } });
}

describe('the offline copy rule', () => {
  it('looks at API reads only, never the account, the reference, media, downloads, sign-in or events', () => {
    expect(matches('/api/tasks')).toBe(true);
    expect(matches('/api/users/me')).toBe(true);
    for (const path of [
      '/api/account/export',
      '/api/account',
      '/api/docs',
      '/api/docs/reference.js',
      '/api/openapi.json',
      '/api/media/3/file',
      '/api/download?url=x',
      '/api/oauth/google/redirect_url',
      '/api/logout',
      '/api/events',
      '/assets/app.js',
    ]) {
      expect([path, matches(path)]).toEqual([path, false]);
    }
    expect(matches('/api/tasks', 'POST')).toBe(false);
  });

  it('keeps only answers the server lets be kept: never no-store, never one that says nothing', async () => {
    expect(await cacheWillUpdate({ response: answer('private, no-cache') })).not.toBeNull();
    expect(
      await cacheWillUpdate({ response: answer('private, max-age=31536000, immutable') }),
    ).not.toBeNull();
    for (const cacheControl of ['no-store', 'private, no-store', 'NO-STORE', 'no-cache,no-store', null]) {
      expect([cacheControl, await cacheWillUpdate({ response: answer(cacheControl) })]).toEqual([
        cacheControl,
        null,
      ]);
    }
  });

  it('empties the copy when /api/users/me answers 401, and only then', async () => {
    const fetchDidSucceed = asWritten(offlineCopyPlugin.fetchDidSucceed);
    const deleted: string[] = [];
    const realCaches = globalThis.caches;
    Object.defineProperty(globalThis, 'caches', {
      configurable: true,
      value: { delete: async (name: string) => deleted.push(name) > 0 },
    });
    try {
      const me = new Request('https://lumara.example/api/users/me');
      const other = new Request('https://lumara.example/api/tasks');
      await fetchDidSucceed({ request: other, response: new Response(null, { status: 401 }) });
      await fetchDidSucceed({ request: me, response: new Response(null, { status: 200 }) });
      expect(deleted).toEqual([]);
      const passed = new Response(null, { status: 401 });
      expect(await fetchDidSucceed({ request: me, response: passed })).toBe(passed);
      expect(deleted).toEqual([OFFLINE_API_CACHE]);
    } finally {
      Object.defineProperty(globalThis, 'caches', { configurable: true, value: realCaches });
    }
  });
});
