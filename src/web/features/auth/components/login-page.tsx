import { Navigate, useLocation } from 'react-router';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
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
  const t = useT();
  const { user, pending } = useAuth();
  const location = useLocation();
  const signInMode = useSignInMode();
  const redirect = useRedirectToLogin();
  useDocumentTitle(t('auth.login.title'));

  if (pending) {
    return (
      <main>
        <PageLoading label={t('auth.login.checkingSession')} />
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
        <h1 className="text-2xl font-bold tracking-tight text-(--ink) sm:text-3xl">
          {t('auth.login.welcome')}
        </h1>
        <p className="text-(--ink-muted)">{t('auth.login.tagline')}</p>
      </div>
      {isSignInFailedState(location.state) && !redirect.isError ? (
        <Alert>{t('auth.login.failed')}</Alert>
      ) : null}
      {signInMode.data === 'development' ? (
        <Alert tone="info">
          <RichMessage id="auth.login.devNote" parts={[<strong key="title" />]} />
        </Alert>
      ) : null}
      <Button busy={busy} onClick={() => redirect.mutate()} className="w-full">
        {t('auth.login.continueWithGoogle')}
      </Button>
      {redirect.isError ? <Alert>{t('auth.login.couldNotStart')}</Alert> : null}
    </AuthPageLayout>
  );
}
