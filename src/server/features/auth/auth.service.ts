import type { Db } from '#server/db/database.ts';
import type { UserRow } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import type { PendingSignIn } from './auth-cookies.ts';
import type { IdentityProvider } from './identity-provider.ts';
import { pkceChallengeOf, randomToken, sameSecret } from './pkce.ts';
import { createSession, deleteSession, hashSessionToken } from './sessions.service.ts';
import { upsertMemberFromIdentity } from './users.service.ts';

/** Where every provider sends the browser back to: the SPA page that posts the code to POST /api/sessions. */
export function callbackUrlOf(appUrl: URL): string {
  return new URL('/auth/callback', appUrl).toString();
}

/** Step 1: fresh state, nonce and PKCE verifier, kept by the browser in an HttpOnly cookie. */
export async function beginSignIn(
  provider: IdentityProvider,
  appUrl: URL,
): Promise<{ redirectUrl: string; pending: PendingSignIn }> {
  const pending: PendingSignIn = { state: randomToken(), nonce: randomToken(), verifier: randomToken() };
  const url = await provider.authorizationUrl({
    state: pending.state,
    nonce: pending.nonce,
    codeChallenge: pkceChallengeOf(pending.verifier),
    redirectUri: callbackUrlOf(appUrl),
  });
  const redirectUrl = url.origin === appUrl.origin ? `${url.pathname}${url.search}` : url.toString();
  return { redirectUrl, pending };
}

/**
 * Step 2: the code came back. The state must match the one this browser started with (else the code may be an
 * attacker's, planted by a forged link), the code is redeemed once with the PKCE verifier, and a brand-new
 * session replaces any session the browser had (no session fixation).
 */
export async function completeSignIn(input: {
  db: Db;
  provider: IdentityProvider;
  appUrl: URL;
  pending: PendingSignIn | undefined;
  code: string;
  state: string;
  previousSessionToken: string | undefined;
  now: Date;
}): Promise<{ user: UserRow; token: string; expiresAt: Date }> {
  if (!input.pending || !sameSecret(input.pending.state, input.state)) {
    throw new AppError('invalid_state', 'This sign-in link is not the one this browser started. Please sign in again.');
  }
  const claims = await input.provider.exchangeCode({
    code: input.code,
    state: input.state,
    nonce: input.pending.nonce,
    codeVerifier: input.pending.verifier,
    redirectUri: callbackUrlOf(input.appUrl),
  });
  const user = await upsertMemberFromIdentity(input.db, claims, input.now);
  if (input.previousSessionToken) await deleteSession(input.db, hashSessionToken(input.previousSessionToken));
  const session = await createSession(input.db, user.id, input.now);
  return { user, ...session };
}
