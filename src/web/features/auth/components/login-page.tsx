import { Navigate, useLocation } from 'react-router';
import { useAuth } from '#web/lib/use-auth.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { PageLoading } from '#web/ui/page-loading.tsx';
import { useDocumentTitle } from '#web/ui/use-document-title.ts';
import { useRedirectToLogin } from '../api/get-login-redirect-url.ts';
import { useSignInMode } from '../api/get-sign-in-mode.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { isSignInFailedState } from './sign-in-failed-state.ts';

export function LoginPage() {
  const { user, pending } = useAuth();
  const location = useLocation();
  const signInMode = useSignInMode();
  const redirect = useRedirectToLogin();
  useDocumentTitle('Sign in');

  if (pending) {
    return (
      <main>
        <PageLoading label="Checking your session" />
      </main>
    );
  }
  if (user) {
    return <Navigate to="/dashboard" replace />;
  }

  // After success the browser is leaving for the identity provider: stay busy until it has gone.
  const busy = redirect.isPending || redirect.isSuccess;
  return (
    <AuthPageLayout>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-(--ink) sm:text-3xl">Welcome to Lumara</h1>
        <p className="text-(--ink-muted)">Focus, plan and create in one glowing workspace.</p>
      </div>
      {isSignInFailedState(location.state) && !redirect.isError ? (
        <Alert>Sign-in did not complete. Please try again.</Alert>
      ) : null}
      {signInMode.data === 'development' ? (
        <Alert tone="info">
          <strong>Development sign-in.</strong> No Google account is needed: you type a name and an email
          address on the next page.
        </Alert>
      ) : null}
      <Button busy={busy} onClick={() => redirect.mutate()} className="w-full">
        Continue with Google
      </Button>
      {redirect.isError ? <Alert>Sign-in could not start. Please try again in a moment.</Alert> : null}
    </AuthPageLayout>
  );
}
