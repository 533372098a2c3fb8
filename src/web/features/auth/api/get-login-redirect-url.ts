import { useMutation } from '@tanstack/react-query';
import { authErrorText } from '#shared/auth-text.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { browserLocation } from '#web/lib/browser-location.ts';

/** Each call starts a new sign-in attempt (new state, nonce and verifier cookie), so it is never cached. */
export async function getLoginRedirectUrl(): Promise<string> {
  const { redirectUrl } = await answerOf(api.oauth.google.redirect_url.$get(), {
    errorMessage: authErrorText.loginRedirect,
  });
  return redirectUrl;
}

export async function redirectToLogin(): Promise<void> {
  browserLocation.assign(await getLoginRedirectUrl());
}

export function useRedirectToLogin() {
  return useMutation({
    mutationFn: redirectToLogin,
    onError: (error) => {
      // The failure is logged; the page also shows a short note.
      console.error(error.message);
    },
  });
}
