import { routeTexts } from 'virtual:lumara-messages/routes';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router';
import type { Language } from '#shared/language.ts';
import { AuthCallbackPage } from '#web/features/auth/components/auth-callback-page.tsx';
import { LoginPage } from '#web/features/auth/components/login-page.tsx';
import { loadTexts, loadTextsIn, type Texts } from '#web/lib/i18n/i18n.ts';
import { PageLoading } from '#web/ui/page-loading.tsx';
import { AuthGuard } from './auth-guard.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/** A page loaded on demand (`lazyPage`): rendered as a component, and loaded ahead by `preloadPagesFor`. */
type LazyPage = (() => ReactNode) & {
  preload: (textsLoaded?: Promise<void>) => Promise<ComponentType>;
  texts: Texts;
};

/**
 * A page in its own chunk, so /login loads none of them. The page's texts, in the language shown, load beside its
 * code and before it renders, so it never shows a key (decision 0043: scripts/message-catalogues.ts `TEXT_ROUTES`
 * says which module's texts each part carries). A page loaded ahead is rendered as itself, never through
 * React.lazy, which suspends on its first render even when its code is here: a painted page is hydrated only once
 * its parts are here (src/web/main.tsx), so hydration never waits on a chunk (decision 0044). Each mount keeps
 * what it started with, so a page is never mounted afresh when its load ends. The export is read inside `.then`
 * so that `npm run lint:unused` (knip.jsonc) sees which export each page's import uses. A failed load is tried
 * again the next time.
 */
function lazyPage(load: () => Promise<ComponentType>, texts: Texts): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  // Its texts in the language shown, unless the caller loads them in the language about to be shown.
  const preload = (textsLoaded?: Promise<void>) => {
    loading ??= Promise.all([load(), textsLoaded ?? loadTexts(texts)]).then(
      ([Page]) => {
        Loaded = Page;
        return Page;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((Page) => ({ default: Page })));
  function Page() {
    const [Shown] = useState<ComponentType>(() => Loaded ?? Lazy);
    return <Shown />;
  }
  return Object.assign(Page, { preload, texts });
}

const AppShell = lazyPage(
  () => import('./shell/app-shell.tsx').then((page) => page.AppShell),
  routeTexts.shell,
);
const NotFoundPage = lazyPage(
  () => import('./not-found-page.tsx').then((page) => page.NotFoundPage),
  routeTexts.notFound,
);
const DevSignInPage = lazyPage(
  () => import('#web/features/auth/components/dev-sign-in-page.tsx').then((page) => page.DevSignInPage),
  routeTexts.devSignIn,
);
// Pages compose features (which never import each other); see src/web/app/pages/.
const DashboardPage = lazyPage(
  () => import('./pages/dashboard-page.tsx').then((page) => page.DashboardPage),
  routeTexts.dashboard,
);
const FocusPage = lazyPage(
  () => import('./pages/focus-page.tsx').then((page) => page.FocusPage),
  routeTexts.focus,
);
// Its own chunk, with the chart library: no other page loads recharts.
const InsightsPage = lazyPage(
  () => import('./pages/insights-page.tsx').then((page) => page.InsightsPage),
  routeTexts.insights,
);
const StudioPage = lazyPage(
  () => import('#web/app/pages/studio/components/studio-page.tsx').then((page) => page.StudioPage),
  routeTexts.studio,
);
const CommunityPage = lazyPage(
  () => import('#web/features/community/components/community-page.tsx').then((page) => page.CommunityPage),
  routeTexts.community,
);
const MusicPage = lazyPage(
  () => import('#web/features/music/components/music-page.tsx').then((page) => page.MusicPage),
  routeTexts.music,
);
const SettingsPage = lazyPage(
  () => import('#web/app/pages/settings-page.tsx').then((page) => page.SettingsPage),
  routeTexts.settings,
);

function RootLayout() {
  return (
    <Suspense
      fallback={
        <main>
          <PageLoading />
        </main>
      }
    >
      <Outlet />
    </Suspense>
  );
}

/**
 * A route's `handle`: the lazy part it shows, so a path's texts and code can be loaded before it renders
 * (`preloadPagesFor`).
 */
type PartHandle = { page: LazyPage };
function part(page: LazyPage): PartHandle {
  return { page };
}

/** The app's routes. Everything but the three sign-in pages sits behind the guard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/dev-sign-in', element: <DevSignInPage />, handle: part(DevSignInPage) },
      {
        element: <AuthGuard />,
        children: [
          {
            element: <AppShell />,
            handle: part(AppShell),
            children: [
              { index: true, element: <DashboardPage />, handle: part(DashboardPage) },
              { path: 'dashboard', element: <DashboardPage />, handle: part(DashboardPage) },
              { path: 'focus', element: <FocusPage />, handle: part(FocusPage) },
              { path: 'insights', element: <InsightsPage />, handle: part(InsightsPage) },
              { path: 'studio', element: <StudioPage />, handle: part(StudioPage) },
              { path: 'community', element: <CommunityPage />, handle: part(CommunityPage) },
              { path: 'music', element: <MusicPage />, handle: part(MusicPage) },
              { path: 'settings', element: <SettingsPage />, handle: part(SettingsPage) },
              { path: '*', element: <NotFoundPage />, handle: part(NotFoundPage) },
            ],
          },
        ],
      },
    ],
  },
];

function partsOf(pathname: string): PartHandle[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap((match) => {
    const handle = match.route.handle as PartHandle | undefined;
    return handle ? [handle] : [];
  });
}

/**
 * Loads the code and the texts in `language` of every part the path shows, the entry's texts included, so a page
 * the server painted is hydrated with nothing left to suspend on (src/web/main.tsx).
 */
export async function preloadPagesFor(pathname: string, language: Language): Promise<void> {
  const pages = partsOf(pathname).map((handle) => handle.page);
  const textsLoaded = loadTextsIn(
    pages.map((page) => page.texts),
    language,
  );
  await Promise.all(pages.map((page) => page.preload(textsLoaded)));
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
