import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '#web/ui/page-loading.tsx';
import { useAuth } from './use-auth.ts';

/** Every route but the sign-in pages: a spinner while the session is unknown, /login without one. */
export function AuthGuard() {
  const { user, pending } = useAuth();
  if (pending) {
    return (
      <main>
        <PageLoading label="Checking your session" />
      </main>
    );
  }
  if (!user) {
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
