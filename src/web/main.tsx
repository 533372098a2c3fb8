// First: it configures zod before the shared schemas are built.
import './lib/zod-without-eval.ts';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { DEFAULT_LANGUAGE } from '#shared/language.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter, preloadPagesFor } from './app/router.tsx';
import { takeFirstPaintState } from './lib/first-paint-state.ts';
import { activateLanguage, startLanguage } from './lib/i18n/i18n.ts';
import { translate } from './lib/i18n/use-t.ts';
import { createQueryClient } from './lib/query-client.ts';
import { toast } from './ui/toast.ts';

/** How long after `load` the page counts as settled enough for the service worker's background download. */
const SETTLE_MS = 3_000;

const container = rootElement();

const firstPaint = takeFirstPaintState();
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>
);

// The server painted the page (decision 0039): the same answers and language first, so the first render here is
// the server's and hydration changes nothing a person sees. A page painted in the browser's language by guess (the
// sign-in page, before anyone is known) is redrawn instead when this browser last showed another.
if (firstPaint) {
  for (const [key, data, answeredAt] of firstPaint.queries)
    queryClient.setQueryData(key, data, { updatedAt: answeredAt });
}
if (firstPaint && (firstPaint.languageFrom === 'member' || firstPaint.language === startLanguage())) {
  // Every text the painted page shows, its page's and shell's included, is here before the first render, and so
  // is every part's code: hydration then never waits on a chunk.
  const language = firstPaint.language;
  void preloadPagesFor(location.pathname, language)
    .then(() => activateLanguage(language))
    .then(
      () => {
        // In a transition, hydration yields to the browser every few milliseconds instead of one long task. Safe
        // only because nothing it renders suspends: an update that came while a lazy part still loaded would
        // switch the whole root to rendering afresh, and the member would see "Loading" (decision 0044).
        startTransition(() => {
          hydrateRoot(container, app);
        });
        markLive();
      },
      // Its texts or code could not come (offline before the worker had them): drawn afresh in English, as a plain
      // start.
      () => activateLanguage(DEFAULT_LANGUAGE).then(startFresh),
    );
} else {
  // The first paint is in the language this browser showed last (else its preference): English is in the bundle,
  // another language's catalogue is fetched first. The profile's choice follows once the member is known.
  void activateLanguage(startLanguage())
    .catch(() => activateLanguage(DEFAULT_LANGUAGE))
    .then(startFresh);
}

function rootElement(): HTMLElement {
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element to render Lumara into.');
  return element;
}

function startFresh() {
  createRoot(container).render(app);
  markLive();
}

/**
 * From here on React answers the page's input: a click on a painted page before its root existed went nowhere
 * (React replays those that come while it hydrates). `data-live` on `<html>` says so to automation, the end-to-end
 * tests' navigations among it (tests/e2e/fixtures.ts).
 */
function markLive() {
  document.documentElement.dataset.live = '';
}

// Once the page has loaded and settled, off its critical path: the service worker (offline start, installable
// app). Its first install downloads the whole app in the background, which must not compete with the page's own
// first requests on a phone's connection. A new version waits for the member: "Update available — reload".
window.addEventListener('load', () => {
  // What the server needs to paint this browser's next page (its zone, its language), off the first load's path.
  void import('./lib/first-paint-cookies.ts').then(({ rememberForFirstPaint }) => rememberForFirstPaint());
  const settled = () => {
    void import('./lib/service-worker.ts').then(({ registerServiceWorker }) =>
      registerServiceWorker((reload) => {
        toast(translate('app.update.available'), {
          duration: Number.POSITIVE_INFINITY,
          action: { label: translate('app.update.reload'), onClick: reload },
        });
      }),
    );
  };
  setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(settled, { timeout: SETTLE_MS });
    else settled();
  }, SETTLE_MS);
});
