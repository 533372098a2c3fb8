import * as oidc from 'openid-client';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { IdentityClaims, IdentityProvider } from './identity-provider.ts';

const TIMEOUT_MS = 10_000;

/**
 * Google sign-in as OpenID Connect: discovery, authorization code with PKCE (S256), state and nonce, ID token
 * signature, issuer, audience and expiry checked by openid-client. The issuer is configurable so tests run the
 * same code against a real OIDC server on 127.0.0.1.
 */
export function createGoogleIdentityProvider(options: {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  allowInsecureIssuer: boolean;
  logger: Logger;
}): IdentityProvider {
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(options.issuer),
        options.clientId,
        { token_endpoint_auth_method: options.clientSecret ? 'client_secret_post' : 'none' },
        options.clientSecret ? oidc.ClientSecretPost(options.clientSecret) : oidc.None(),
        {
          timeout: TIMEOUT_MS,
          ...(options.allowInsecureIssuer ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .then((config) => {
        config.timeout = TIMEOUT_MS;
        return config;
      })
      .catch((error: unknown) => {
        // Forget the failure so the next sign-in tries discovery again.
        discovered = undefined;
        options.logger.error(
          { err: describeOidcError(error), issuer: options.issuer },
          'OIDC discovery failed',
        );
        throw new AppError('sign_in_provider_failed', say('server.auth.providerUnreachable'));
      });
    return discovered;
  }

  return {
    mode: 'google',
    async authorizationUrl(request) {
      const config = await configuration();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: request.state,
        nonce: request.nonce,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
    },
    async exchangeCode(exchange) {
      const config = await configuration();
      const callbackUrl = new URL(exchange.redirectUri);
      callbackUrl.searchParams.set('code', exchange.code);
      callbackUrl.searchParams.set('state', exchange.state);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: exchange.codeVerifier,
          expectedState: exchange.state,
          expectedNonce: exchange.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        options.logger.warn({ err: describeOidcError(error) }, 'OIDC code exchange failed');
        if (error instanceof oidc.ResponseBodyError && error.status >= 400 && error.status < 500) {
          throw new AppError('invalid_code', say('server.auth.codeRefused'));
        }
        if (isIdTokenRejection(error)) {
          throw new AppError('sign_in_rejected', say('server.auth.notVerified'));
        }
        throw new AppError('sign_in_provider_failed', say('server.auth.providerDidNotComplete'));
      }
      const claims = tokens.claims();
      if (!claims) throw new AppError('sign_in_provider_failed', say('server.auth.noIdentity'));
      return toIdentity(claims);
    },
  };
}

function toIdentity(claims: oidc.IDToken): IdentityClaims {
  const email = typeof claims.email === 'string' ? claims.email : '';
  if (!email) throw new AppError('sign_in_provider_failed', say('server.auth.noEmail'));
  const name =
    typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email.split('@')[0] || email;
  const picture =
    typeof claims.picture === 'string' && /^https:\/\//.test(claims.picture) ? claims.picture : null;
  return {
    provider: 'google',
    issuer: claims.iss,
    subject: claims.sub,
    email,
    // Only the boolean true counts: a missing claim or a string is no promise that the member owns the address.
    emailVerified: claims.email_verified === true,
    name: name.slice(0, 200),
    picture,
  };
}

/** The ID token arrived but failed verification: wrong issuer, audience, nonce, signature or lifetime. */
const ID_TOKEN_CHECKS = new Set([
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
]);

function isIdTokenRejection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && ID_TOKEN_CHECKS.has(code)) || /signature/i.test(error.message);
}

function describeOidcError(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError)
    return `${error.status} ${error.error}: ${error.error_description ?? ''}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
