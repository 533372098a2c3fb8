import { DEVELOPMENT_ISSUER } from '#server/config.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { IdentityProvider } from '#server/providers/identity-provider.ts';
import type { DevAuthorizeRequest } from '#shared/auth.ts';
import { pkceChallengeOf, randomToken, sameSecret } from './pkce.ts';
import { hasReservedDomain, reservedDomainMessage } from './reserved-email-domains.ts';

const CODE_TTL_MS = 5 * 60_000;
const MAX_PENDING_CODES = 1_000;

type PendingCode = {
  email: string;
  name: string;
  nonce: string;
  codeChallenge: string;
  expiresAt: number;
};

export type DevIdentityProvider = IdentityProvider & {
  /** The consent step: the member typed a name and email on /dev-sign-in. Answers where the browser goes next. */
  authorize(request: DevAuthorizeRequest): string;
};

/**
 * Stands in for Google when no client id is configured and NODE_ENV is not production (architecture.md,
 * "Sign-in and sessions"): an app page asks for a name and email, then sends the browser to /auth/callback with a
 * one-time code, exactly as a provider would, and the code is redeemed with the same PKCE and nonce checks.
 * Codes live in this instance's memory: development runs one server.
 */
export function createDevIdentityProvider(options: { appUrl: URL; now: () => Date }): DevIdentityProvider {
  const pendingCodes = new Map<string, PendingCode>();

  function forgetExpired(now: number): void {
    for (const [code, pending] of pendingCodes) if (pending.expiresAt <= now) pendingCodes.delete(code);
  }

  return {
    mode: 'development',
    async authorizationUrl(request) {
      const url = new URL('/dev-sign-in', options.appUrl);
      url.searchParams.set('state', request.state);
      url.searchParams.set('nonce', request.nonce);
      url.searchParams.set('code_challenge', request.codeChallenge);
      return url;
    },
    authorize(request) {
      // Said on the consent page at once, rather than after the round trip to /auth/callback.
      if (hasReservedDomain(request.email, { refuseTesting: false })) {
        throw new AppError('validation_failed', reservedDomainMessage(), {
          fields: { email: reservedDomainMessage() },
        });
      }
      const now = options.now().getTime();
      forgetExpired(now);
      if (pendingCodes.size >= MAX_PENDING_CODES) {
        throw new AppError('rate_limited', say('server.auth.tooManyWaiting'));
      }
      const code = randomToken();
      pendingCodes.set(code, {
        email: request.email.toLowerCase(),
        name: request.name.trim(),
        nonce: request.nonce,
        codeChallenge: request.code_challenge,
        expiresAt: now + CODE_TTL_MS,
      });
      const callback = new URL('/auth/callback', options.appUrl);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', request.state);
      return `${callback.pathname}${callback.search}`;
    },
    async exchangeCode(exchange) {
      const pending = pendingCodes.get(exchange.code);
      // One use only: a replayed code finds nothing.
      pendingCodes.delete(exchange.code);
      if (!pending || pending.expiresAt <= options.now().getTime()) {
        throw new AppError('invalid_code', say('server.auth.codeRefused'));
      }
      if (
        !sameSecret(pkceChallengeOf(exchange.codeVerifier), pending.codeChallenge) ||
        pending.nonce !== exchange.nonce
      ) {
        throw new AppError('invalid_code', say('server.auth.codeRefused'));
      }
      return {
        provider: 'development',
        issuer: DEVELOPMENT_ISSUER,
        subject: pending.email,
        email: pending.email,
        // Typed on a form, checked by nobody.
        emailVerified: false,
        name: pending.name,
        picture: null,
      };
    },
  };
}

export function isDevIdentityProvider(provider: IdentityProvider): provider is DevIdentityProvider {
  return provider.mode === 'development' && 'authorize' in provider;
}
