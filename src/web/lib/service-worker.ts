import { Workbox } from 'workbox-window';

/**
 * Registers the service worker the build writes (`/sw.js`, vite-plugin-pwa: the app shell precached, API reads
 * network-first with a cached fallback). A new version waits until the member says so: `onUpdateReady` gets the
 * function that swaps it in and reloads, never under their hands. Only in a production build (development serves
 * modules the worker does not know).
 */
export function registerServiceWorker(onUpdateReady: (reload: () => void) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const worker = new Workbox('/sw.js', { scope: '/' });
  worker.addEventListener('waiting', () => {
    onUpdateReady(() => {
      worker.addEventListener('controlling', () => window.location.reload());
      worker.messageSkipWaiting();
    });
  });
  void worker
    .register()
    // Where the browser refuses workers (a private window, a policy), the app simply runs without offline
    // starts: worth a warning for whoever debugs, not an error.
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
