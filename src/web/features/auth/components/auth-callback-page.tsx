import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { Spinner } from '#web/ui/spinner.tsx';
import { useDocumentTitle } from '#web/ui/use-document-title.ts';
import { signInFailedState } from './sign-in-failed-state.ts';

/** Where the identity provider sends the browser back with `?code=…&state=…`. */
export function AuthCallbackPage() {
  const t = useT();
  const { exchangeCodeForSessionToken, fetchUser } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  useDocumentTitle(t('auth.callback.title'));

  useEffect(() => {
    // StrictMode runs this effect twice; the exchange itself is shared (at most once per code), and only
    // the run still mounted goes on to fetch the member, log and navigate.
    let superseded = false;
    async function completeSignIn() {
      try {
        await exchangeCodeForSessionToken(new URLSearchParams(search));
        if (superseded) return;
        await fetchUser();
        if (superseded) return;
        navigate('/dashboard', { replace: true });
      } catch (error) {
        if (superseded) return;
        // Logged only; the member is sent back to /login, which says it did not complete.
        console.error(error instanceof Error ? error.message : error);
        navigate('/login', { replace: true, state: signInFailedState });
      }
    }
    void completeSignIn();
    return () => {
      superseded = true;
    };
  }, [search, exchangeCodeForSessionToken, fetchUser, navigate]);

  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <Spinner label={t('auth.callback.settingUp')} visibleLabel />
    </main>
  );
}
