import type { Db } from '#server/db/database.ts';
import type { UserRow } from '#server/db/schema.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { IdentityProvider } from '#server/providers/identity-provider.ts';
import type { Device } from '#shared/device-of-user-agent.ts';
import { pkceChallengeOf, randomToken, sameSecret } from './pkce.ts';
import { hasReservedDomain, reservedDomainMessage } from './reserved-email-domains.ts';
import { createSession, deleteSession, hashSessionToken } from './sessions.service.ts';
import { consumeSignInAttempt, recordSignInAttempt } from './sign-in-attempts.service.ts';
import { upsertMemberFromIdentity } from './users.service.ts';

/** Where every provider sends the browser back to: the SPA page that posts the code to POST /api/sessions. */
export function callbackUrlOf(appUrl: URL): string {
  return new URL('/auth/callback', appUrl).toString();
}

/**
 * Step 1: fresh state, nonce and PKCE verifier. The server keeps nonce and verifier; the browser keeps the state
 * in an HttpOnly cookie, which binds the callback to the browser that started.
 */
export async function beginSignIn(input: {
  db: Db;
  provider: IdentityProvider;
  appUrl: URL;
  now: Date;
  ttlMs: number;
}): Promise<{ redirectUrl: string; state: string }> {
  const attempt = { state: randomToken(), nonce: randomToken(), codeVerifier: randomToken() };
  const url = await input.provider.authorizationUrl({
    state: attempt.state,
    nonce: attempt.nonce,
    codeChallenge: pkceChallengeOf(attempt.codeVerifier),
    redirectUri: callbackUrlOf(input.appUrl),
  });
  await recordSignInAttempt(input.db, attempt, input.now, input.ttlMs);
  const redirectUrl = url.origin === input.appUrl.origin ? `${url.pathname}${url.search}` : url.toString();
  return { redirectUrl, state: attempt.state };
}

const invalidState = () => new AppError('invalid_state', say('server.auth.invalidState'));

/**
 * Step 2: the code came back. The state must be the one this browser started with (else the code may be an
 * attacker's, planted by a forged link) and not used before; the code is redeemed with the PKCE verifier and
 * the ID token's nonce checked; an email of a reserved domain is refused before anyone is created or updated
 * (reserved-email-domains.ts); a brand-new session replaces any the browser had (no session fixation).
 */
export async function completeSignIn(input: {
  db: Db;
  provider: IdentityProvider;
  appUrl: URL;
  browserState: string | undefined;
  code: string;
  state: string;
  previousSessionToken: string | undefined;
  /** The browser signing in, as its User-Agent says: shown in the member's sessions list. */
  device: Device;
  /** Production refuses `.test` addresses too; development and tests sign in with them. */
  refuseTestingDomains: boolean;
  now: Date;
}): Promise<{ user: UserRow; token: string; expiresAt: Date }> {
  if (!input.browserState || !sameSecret(input.browserState, input.state)) throw invalidState();
  const attempt = await consumeSignInAttempt(input.db, input.state, input.now);
  if (!attempt) throw invalidState();
  const claims = await input.provider.exchangeCode({
    code: input.code,
    state: attempt.state,
    nonce: attempt.nonce,
    codeVerifier: attempt.codeVerifier,
    redirectUri: callbackUrlOf(input.appUrl),
  });
  if (hasReservedDomain(claims.email, { refuseTesting: input.refuseTestingDomains })) {
    throw new AppError('forbidden', reservedDomainMessage());
  }
  const user = await upsertMemberFromIdentity(input.db, claims, input.now);
  if (input.previousSessionToken) await deleteSession(input.db, hashSessionToken(input.previousSessionToken));
  const session = await createSession(input.db, user.id, input.now, input.device);
  return { user, ...session };
}
