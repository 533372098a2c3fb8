import { routeTexts } from 'virtual:lumara-messages/routes';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router';
import { AuthCallbackPage } from '#web/features/auth/components/auth-callback-page.tsx';
import { LoginPage } from '#web/features/auth/components/login-page.tsx';
import { loadTexts, type Texts, textsForPaths } from '#web/lib/i18n/i18n.ts';
import { PageLoading } from '#web/ui/page-loading.tsx';
import { AuthGuard } from './auth-guard.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * React.lazy for a named export: each page becomes its own chunk, so /login loads none of them. The export is
 * read inside `.then` so that `npm run lint:unused` (knip.jsonc) sees which export each page's import uses. The
 * page's texts, in the language shown, load beside its code and before it renders, so it never shows a key
 * (decision 0043: scripts/message-catalogues.ts `TEXT_ROUTES` says which module's texts each part carries).
 */
function lazyPage(load: () => Promise<ComponentType>, texts: Texts) {
  return lazy(async () => {
    const [Page] = await Promise.all([load(), loadTexts(texts)]);
    return { default: Page };
  });
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

/** A route's `handle`: the texts its lazy part loads, so `loadTextsFor` knows a path's texts before it renders. */
type TextsHandle = { texts: Texts };
function texts(part: Texts): TextsHandle {
  return { texts: part };
}

/** The app's routes. Everything but the three sign-in pages sits behind the guard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/dev-sign-in', element: <DevSignInPage />, handle: texts(routeTexts.devSignIn) },
      {
        element: <AuthGuard />,
        children: [
          {
            element: <AppShell />,
            handle: texts(routeTexts.shell),
            children: [
              { index: true, element: <DashboardPage />, handle: texts(routeTexts.dashboard) },
              { path: 'dashboard', element: <DashboardPage />, handle: texts(routeTexts.dashboard) },
              { path: 'focus', element: <FocusPage />, handle: texts(routeTexts.focus) },
              { path: 'insights', element: <InsightsPage />, handle: texts(routeTexts.insights) },
              { path: 'studio', element: <StudioPage />, handle: texts(routeTexts.studio) },
              { path: 'community', element: <CommunityPage />, handle: texts(routeTexts.community) },
              { path: 'music', element: <MusicPage />, handle: texts(routeTexts.music) },
              { path: 'settings', element: <SettingsPage />, handle: texts(routeTexts.settings) },
              { path: '*', element: <NotFoundPage />, handle: texts(routeTexts.notFound) },
            ],
          },
        ],
      },
    ],
  },
];

// `loadTextsFor(pathname, language)` (i18n.ts): the texts of every part the path's routes show.
textsForPaths((pathname) =>
  (matchRoutes(routes, pathname) ?? []).flatMap(
    (match) => (match.route.handle as TextsHandle | undefined)?.texts ?? [],
  ),
);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
