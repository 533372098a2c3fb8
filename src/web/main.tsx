// First: it configures zod before the shared schemas are built.
import './lib/zod-without-eval.ts';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';

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

// After the page has loaded, off its critical path: the service worker (offline start, installable app). A new
// version waits for the member: "Update available — reload" (issue 18).
window.addEventListener('load', () => {
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
});
