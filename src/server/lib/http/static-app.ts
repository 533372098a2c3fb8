import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';

/**
 * Serves the built browser app (dist/web). Hashed files under /assets are cached for a year; every other GET
 * that is not an API call answers index.html, uncached, so a deploy is picked up at the next navigation and the
 * client router handles the path. Text files go out as the brotli or gzip copy the build wrote beside them
 * (scripts/precompress-assets.ts) to a client that accepts it: compressed once at build time, never per request.
 */
export function createStaticApp(webRoot: string, painter?: PagePainter) {
  const app = new Hono();
  const indexPath = path.join(webRoot, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`The browser app is not built: ${indexPath} is missing. Run \`npm run build\`.`);
  }
  const indexHtml = readFileSync(indexPath, 'utf8');

  app.use(
    '/assets/*',
    serveStatic({
      root: webRoot,
      precompressed: true,
      onFound: (filePath, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
        varyOnEncoding(filePath, c);
      },
    }),
  );
  if (painter) {
    // The sign-in page, prerendered in the visitor's language, goes out as its files do (compressed copies).
    const signInPage = serveStatic({
      root: webRoot,
      precompressed: true,
      rewriteRequestPath: (_path, c) => `/${painter.signInPage(c)}`,
    });
    app.get('/login', (c, next) => {
      if (!painter.signInPage(c)) return next();
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
      return signInPage(c, next);
    });
    app.get('*', async (c, next) => {
      const page = await painter.dashboard(c);
      if (page === null) return next();
      // The member's own page: kept by nobody but their browser, and asked for again each time.
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Cookie');
      return c.html(page);
    });
  }
  app.use(
    '*',
    serveStatic({
      root: webRoot,
      precompressed: true,
      onFound: (filePath, c) => {
        // The path found may be the compressed copy's (`index.html.br`): judged by the file it stands for.
        const servedFor = filePath.replace(/\.(?:br|gz|zst)$/, '');
        c.header('Cache-Control', alwaysRevalidated(servedFor) ? 'no-cache' : 'public, max-age=3600');
        varyOnEncoding(filePath, c);
      },
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return app;
}

/** Pages whose HTML carries their first paint (src/server/composition/first-paint.ts); null: the plain page. */
export type PagePainter = {
  /** The prerendered sign-in page's file under the web root for this request. */
  signInPage: (c: Context) => string | null;
  /** The signed-in member's dashboard, rendered. */
  dashboard: (c: Context) => Promise<string | null>;
};

/**
 * The page, the service worker and the manifest name what the app is now: a deploy must reach the next visit, so
 * they are asked for again every time (answered 304 while unchanged).
 */
function alwaysRevalidated(file: string): boolean {
  return file.endsWith('.html') || file.endsWith('/sw.js') || file.endsWith('.webmanifest');
}

/**
 * A file with compressed copies answers differently by Accept-Encoding, so a shared cache must key on it even when
 * this client got the plain bytes (serveStatic says so only when it sent a copy).
 */
function varyOnEncoding(filePath: string, c: Context): void {
  if (/accept-encoding/i.test(c.res.headers.get('Vary') ?? '')) return;
  if (existsSync(`${filePath}.br`) || existsSync(`${filePath}.gz`))
    c.header('Vary', 'Accept-Encoding', { append: true });
}
