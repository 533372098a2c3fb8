import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstLoadChunks } from './scripts/first-load-chunks.ts';
import { messageCatalogues } from './scripts/message-catalogues.ts';
import { precompressAssets } from './scripts/precompress-assets.ts';
import { pushWorkerBuild } from './scripts/push-worker-build.ts';
import { zodWithoutJsonSchema } from './scripts/zod-without-json-schema.ts';
import { OFFLINE_API_CACHE } from './src/web/lib/offline-api-cache.ts';
import {
  isOfflineCopyRequest,
  isServerPaintedPage,
  keepNoPage,
  offlineCopyPlugin,
} from './src/web/lib/offline-copy-rule.ts';

/** The default theme's page colour (src/web/styles.css `--page-bg`) and accent: the installed app's frame. */
const PAGE_BACKGROUND = '#fbeff8';
const ACCENT = '#b0246a';

/** The service worker's push and notification-click handlers, a script of their own that `sw.js` imports. */
const pushWorker = pushWorkerBuild();

/** The dashboard's first load in a few files: groups made once the module graph is known (decision 0043). */
const firstLoad = firstLoadChunks();

/**
 * The browser app lives in src/web; the API server serves dist/web (see src/server/lib/http/static-app.ts). The PWA
 * plugin writes the web app manifest and the service worker (Workbox): the app shell precached, API reads
 * network-first with the last answer kept for offline starts (`lumara-api`, emptied at sign-out and when the
 * session is gone: see src/web/lib/offline-api-cache.ts), only those the server lets be kept (never `no-store`),
 * and never the live-event stream, stored media, the account, the API reference or any write
 * (src/web/lib/offline-copy-rule.ts). The worker also shows Web Push notifications and acts on their buttons: those
 * handlers are built apart and loaded with `importScripts` (scripts/push-worker-build.ts).
 */
export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRendererBuild : browserBuild));

/**
 * The app's server renderer (`vite build --ssr`, src/web/entry-server.tsx): the same pages and catalogues as the
 * browser's, bundled for Node with their dependencies into dist/ssr, which the server loads when it first renders
 * a page's HTML (src/server/composition/first-paint.ts, decision 0039).
 */
const serverRendererBuild: UserConfig = {
  root: 'src/web',
  publicDir: false,
  plugins: [react(), messageCatalogues()],
  ssr: { noExternal: true },
  // React's production build: the development one is slower and writes error stacks into the page.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'entry-server.tsx',
    outDir: '../../dist/ssr',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.mjs', codeSplitting: false } },
  },
};

const browserBuild: UserConfig = {
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    messageCatalogues(),
    zodWithoutJsonSchema(),
    tailwindcss(),
    pushWorker,
    firstLoad.plugin,
    VitePWA({
      // src/web/lib/service-worker.ts registers it and asks before a new version takes over.
      injectRegister: false,
      registerType: 'prompt',
      // The push handlers' script is named by its hash, known once the bundle is written, before the worker is.
      integration: {
        beforeBuildServiceWorker: (options) => {
          options.workbox.importScripts = [pushWorker.importScriptName()];
        },
      },
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Lumara',
        short_name: 'Lumara',
        description:
          'A playful workspace for focus sessions, tasks, AI creative tools and a creator community.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: PAGE_BACKGROUND,
        theme_color: ACCENT,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          {
            name: 'Focus',
            short_name: 'Focus',
            url: '/focus',
            icons: [{ src: '/icon-192.png', sizes: '192x192' }],
          },
          {
            name: 'New task',
            short_name: 'New task',
            url: '/?launch=new-task',
            icons: [{ src: '/icon-192.png', sizes: '192x192' }],
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The worker loads the push handlers itself (importScripts): the browser keeps them with the worker.
        globIgnores: ['**/node_modules/**/*', 'assets/push-worker-*.js'],
        navigateFallback: '/index.html',
        // The API, and the calendar feed opened in a tab: the server's answers, never the app's page. The pages the
        // server paints go to the network first (below).
        navigateFallbackDenylist: [/^\/api\//, /^\/calendar\/[^/]+\.ics$/, /^\/(?:dashboard|login)?$/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: isServerPaintedPage,
            handler: 'NetworkFirst',
            // A connection that answers nothing in time is treated as none: the precached page, rendered here.
            options: {
              cacheName: 'lumara-pages',
              networkTimeoutSeconds: 4,
              plugins: [keepNoPage],
              precacheFallback: { fallbackURL: '/index.html' },
            },
          },
          {
            urlPattern: isOfflineCopyRequest,
            handler: 'NetworkFirst',
            options: {
              cacheName: OFFLINE_API_CACHE,
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
              plugins: [offlineCopyPlugin],
            },
          },
        ],
      },
    }),
    precompressAssets(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
    rolldownOptions: {
      // A zod schema the browser never uses is dropped: making one has no effect the browser needs (`.meta()` feeds
      // the server's OpenAPI document), and the shared contract modules the pages import define many (decision 0043).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Each part's texts in a language (decision 0043) are named for it: `texts-es-dashboard-<hash>.js`.
        chunkFileNames: (chunk) => {
          const texts = /^\0lumara-messages:(\w+)\/route\/(\w+)$/.exec(chunk.facadeModuleId ?? '');
          return texts ? `assets/texts-${texts[1]}-${texts[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        // A few hundred bytes shared by two pages cost a request and its headers each: small common chunks are
        // copied into the chunks that use them instead (the first-load budget of decision 0027 counts the headers too).
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8192 }, groups: firstLoad.groups },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`, changeOrigin: false } },
  },
};
