import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AuthCallbackPage } from '#web/features/auth/components/auth-callback-page.tsx';
import { LoginPage } from '#web/features/auth/components/login-page.tsx';
import { PageLoading } from '#web/ui/page-loading.tsx';
import { AuthGuard } from './auth-guard.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/** React.lazy for a named export: each page becomes its own chunk, so /login loads none of them. */
function lazyNamed<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AppShell = lazyNamed(() => import('./shell/app-shell.tsx'), 'AppShell');
const NotFoundPage = lazyNamed(() => import('./not-found-page.tsx'), 'NotFoundPage');
const DevSignInPage = lazyNamed(
  () => import('#web/features/auth/components/dev-sign-in-page.tsx'),
  'DevSignInPage',
);
// Pages compose features (which never import each other); see src/web/app/pages/.
const DashboardPage = lazyNamed(() => import('./pages/dashboard-page.tsx'), 'DashboardPage');
const FocusPage = lazyNamed(() => import('./pages/focus-page.tsx'), 'FocusPage');
const StudioPage = lazyNamed(() => import('#web/app/pages/studio/components/studio-page.tsx'), 'StudioPage');
const CommunityPage = lazyNamed(
  () => import('#web/features/community/components/community-page.tsx'),
  'CommunityPage',
);
const MusicPage = lazyNamed(() => import('#web/features/music/components/music-page.tsx'), 'MusicPage');
const SettingsPage = lazyNamed(() => import('#web/app/pages/settings-page.tsx'), 'SettingsPage');

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
