import { Navigate, Outlet } from 'react-router';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { PageLoading } from '#web/ui/page-loading.tsx';

/** Every route but the sign-in pages: a spinner while the session is unknown, /login without one. */
export function AuthGuard() {
  const t = useT();
  const { user, pending } = useAuth();
  if (pending) {
    return (
      <main>
        <PageLoading label={t('app.authGuard.checkingSession')} />
      </main>
    );
  }
  if (!user) {
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
