import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AuthCallbackPage } from '#web/features/auth/components/auth-callback-page.tsx';
import { LoginPage } from '#web/features/auth/components/login-page.tsx';
import { PageLoading } from '#web/ui/page-loading.tsx';
import { AuthGuard } from './auth-guard.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * React.lazy for a named export: each page becomes its own chunk, so /login loads none of them. The export is
 * read inside `.then` so that `npm run lint:unused` (knip.jsonc) sees which export each page's import uses.
 */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazy(async () => ({ default: await load() }));
}

const AppShell = lazyPage(() => import('./shell/app-shell.tsx').then((page) => page.AppShell));
const NotFoundPage = lazyPage(() => import('./not-found-page.tsx').then((page) => page.NotFoundPage));
const DevSignInPage = lazyPage(() =>
  import('#web/features/auth/components/dev-sign-in-page.tsx').then((page) => page.DevSignInPage),
);
// Pages compose features (which never import each other); see src/web/app/pages/.
const DashboardPage = lazyPage(() => import('./pages/dashboard-page.tsx').then((page) => page.DashboardPage));
const FocusPage = lazyPage(() => import('./pages/focus-page.tsx').then((page) => page.FocusPage));
// Its own chunk, with the chart library: no other page loads recharts.
const InsightsPage = lazyPage(() => import('./pages/insights-page.tsx').then((page) => page.InsightsPage));
const StudioPage = lazyPage(() =>
  import('#web/app/pages/studio/components/studio-page.tsx').then((page) => page.StudioPage),
);
const CommunityPage = lazyPage(() =>
  import('#web/features/community/components/community-page.tsx').then((page) => page.CommunityPage),
);
const MusicPage = lazyPage(() =>
  import('#web/features/music/components/music-page.tsx').then((page) => page.MusicPage),
);
const SettingsPage = lazyPage(() =>
  import('#web/app/pages/settings-page.tsx').then((page) => page.SettingsPage),
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

/** The app's routes. Everything but the three sign-in pages sits behind the guard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/dev-sign-in', element: <DevSignInPage /> },
      {
        element: <AuthGuard />,
        children: [
          {
            element: <AppShell />,
            children: [
              { index: true, element: <DashboardPage /> },
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'focus', element: <FocusPage /> },
              { path: 'insights', element: <InsightsPage /> },
              { path: 'studio', element: <StudioPage /> },
              { path: 'community', element: <CommunityPage /> },
              { path: 'music', element: <MusicPage /> },
              { path: 'settings', element: <SettingsPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
