import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { messageCatalogues } from './scripts/message-catalogues.ts';
import { precompressAssets } from './scripts/precompress-assets.ts';

/** The default theme's page colour (src/web/styles.css `--page-bg`) and accent: the installed app's frame. */
const PAGE_BACKGROUND = '#fbeff8';
const ACCENT = '#b0246a';

/**
 * The browser app lives in src/web; the API server serves dist/web (see src/server/lib/static-app.ts). The PWA
 * plugin writes the web app manifest and the service worker (Workbox): the app shell precached, API reads
 * network-first with the last answer kept for offline starts (`lumara-api`, emptied at sign-out: see
 * src/web/lib/offline-api-cache.ts), the live-event stream, stored media and every write never cached.
 */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    messageCatalogues(),
    tailwindcss(),
    VitePWA({
      // src/web/lib/service-worker.ts registers it and asks before a new version takes over.
      injectRegister: false,
      registerType: 'prompt',
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
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin &&
              request.method === 'GET' &&
              url.pathname.startsWith('/api/') &&
              !url.pathname.startsWith('/api/events') &&
              !url.pathname.startsWith('/api/media/') &&
              !url.pathname.startsWith('/api/download') &&
              !url.pathname.startsWith('/api/oauth/') &&
              !url.pathname.startsWith('/api/logout'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'lumara-api',
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
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
      output: {
        // A few hundred bytes shared by two pages cost a request and its headers each: small common chunks are
        // copied into the chunks that use them instead (issue 17's budget counts the headers too).
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8192 } },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`, changeOrigin: false } },
  },
});
