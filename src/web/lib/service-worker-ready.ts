/** How long a push setup waits for the service worker to be running before it says so. */
const READY_TIMEOUT_MS = 10_000;

/**
 * The active service worker's registration, for what only a worker can do (Web Push). The page registers the
 * worker a few seconds after it loads (main.tsx), and only in a production build; a press before that waits for
 * it, up to ten seconds. Null where there is none: a development server, a browser without workers, or a worker
 * that did not start in time.
 */
export async function serviceWorkerReady(
  timeoutMs = READY_TIMEOUT_MS,
): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
