/**
 * Builds the browser app and what paints it from the server (decision 0039), in one process: the browser's bundle
 * (dist/web), the app's server renderer (dist/ssr, the same pages for Node), then the sign-in page prerendered in
 * each language for each way of signing in from that renderer (dist/web/login.<language>.<mode>.html, with its
 * compressed copies), which the server
 * sends as it is (src/server/composition/first-paint.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { readBuiltFile } from '../src/server/composition/first-paint.ts';
import { signInModeSchema } from '../src/shared/auth.ts';
import {
  type FirstPaintRenderer,
  prerenderedPagePath,
  withStylesheetsInline,
  writeFirstPaint,
} from '../src/shared/first-paint.ts';
import { languages } from '../src/shared/language.ts';
import { compressFile } from './precompress-assets.ts';
import { projectRoot } from './run-steps.ts';

const configFile = path.join(projectRoot, 'vite.config.ts');
const webRoot = path.join(projectRoot, 'dist/web');

export async function buildWeb(options: { quiet: boolean }): Promise<void> {
  const logLevel = options.quiet ? 'warn' : 'info';
  // Always a production build: Vite and the React plugin read NODE_ENV, and `npm start` builds what is stale in
  // the server's own process, whose NODE_ENV may be `development` (the end-to-end suite's, the bench's). Built
  // so, the server renderer called React's development JSX runtime, which the production React it bundles lacks.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile, logLevel });
    await build({ configFile, logLevel, build: { ssr: 'entry-server.tsx' } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await prerenderSignInPage();
}

async function prerenderSignInPage(): Promise<void> {
  const renderer = (await import(
    pathToFileURL(path.join(projectRoot, 'dist/ssr/entry-server.mjs')).href
  )) as FirstPaintRenderer;
  const template = withStylesheetsInline(await readFile(path.join(webRoot, 'index.html'), 'utf8'), (href) =>
    readBuiltFile(webRoot, href),
  );
  for (const language of languages) {
    for (const signInMode of signInModeSchema.options) {
      // Rendered for whoever is signed out; answeredAt 0 makes the browser ask at once who it is.
      const paint = await renderer.renderFirstPaint({
        path: '/login',
        language,
        languageFrom: 'browser',
        timeZone: 'UTC',
        user: null,
        signInMode,
        answeredAt: 0,
      });
      const file = path.join(webRoot, prerenderedPagePath('/login', language, signInMode));
      await writeFile(file, writeFirstPaint(template, paint));
      await compressFile(file);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildWeb({ quiet: process.argv.includes('--quiet') });
}
