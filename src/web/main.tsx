// First: it configures zod before the shared schemas are built.
import './lib/zod-without-eval.ts';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';

/** How long after `load` the page counts as settled enough for the service worker's background download. */
const SETTLE_MS = 3_000;

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element to render Lumara into.');
}

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);

// Once the page has loaded and settled, off its critical path: the service worker (offline start, installable
// app). Its first install downloads the whole app in the background, which must not compete with the page's own
// first requests on a phone's connection. A new version waits for the member: "Update available — reload".
window.addEventListener('load', () => {
  const settled = () => {
    void import('./lib/service-worker.ts').then(({ registerServiceWorker }) =>
      registerServiceWorker((reload) => {
        void import('sonner').then(({ toast }) =>
          toast('Update available — reload', {
            duration: Number.POSITIVE_INFINITY,
            action: { label: 'Reload', onClick: reload },
          }),
        );
      }),
    );
  };
  setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(settled, { timeout: SETTLE_MS });
    else settled();
  }, SETTLE_MS);
});
