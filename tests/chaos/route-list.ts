import { rmSync } from 'node:fs';
import { createApp } from '#server/app.ts';
import { DEFAULT_MEDIA_QUOTA_BYTES } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { createDevIdentityProvider } from '#server/features/auth/dev-identity-provider.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { tempDir } from './chaos-kit.ts';

export type AppRoute = { method: string; path: string };

/**
 * Every route the app registers (`app.routes`), read from the app itself rather than written by hand, so a new
 * route is tried the day it is added. The app is built on an in-memory database and never serves a request.
 */
export async function listAppRoutes(): Promise<AppRoute[]> {
  const database = await openDatabase({ kind: 'embedded', dataDir: null, poolMax: 1 });
  const mediaDir = tempDir('routes');
  const closing = new AbortController();
  closing.abort();
  try {
    const appUrl = new URL('http://localhost:3000');
    const app = createApp({
      database,
      appUrl,
      identityProvider: createDevIdentityProvider({ appUrl, now: () => new Date() }),
      logger: createLogger('silent'),
      media: {
        dir: mediaDir,
        maxBytes: 1024 * 1024,
        uploadsDir: `${mediaDir}-uploads`,
        quotaBytes: DEFAULT_MEDIA_QUOTA_BYTES,
        jobTimeoutMs: 60_000,
        outbound: { extraAllowed: [], extraPorts: [] },
      },
      closing: closing.signal,
    });
    const seen = new Map<string, AppRoute>();
    for (const route of app.routes) {
      if (route.method === 'ALL' || route.path.includes('*')) continue;
      seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
    }
    return [...seen.values()];
  } finally {
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}
