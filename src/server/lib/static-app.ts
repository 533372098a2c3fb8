import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/**
 * Serves the built browser app (dist/web). Hashed files under /assets are cached for a year; every other GET
 * that is not an API call answers index.html, uncached, so a deploy is picked up at the next navigation and the
 * client router handles the path.
 */
export function createStaticApp(webRoot: string) {
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
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root: webRoot,
      onFound: (filePath, c) => {
        c.header('Cache-Control', filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
      },
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return app;
}
