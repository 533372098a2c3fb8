import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

/** Whom the fake vouches for; `emailVerified` is the ID token's `email_verified` (true unless said otherwise). */
export type FakeIdentity = {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  emailVerified?: boolean;
};

/** Browser cookies on the fake's own origin that steer one sign-in (parallel-safe: tied to the code issued). */
export const FAKE_IDENTITY_COOKIE = 'fake_identity';
export const FAKE_TOKEN_FAILURE_COOKIE = 'fake_token_failure';

export function encodeFakeIdentity(identity: FakeIdentity): string {
  return Buffer.from(JSON.stringify(identity)).toString('base64url');
}

type TokenRequest = IncomingMessage & { body?: Record<string, unknown> };
type Steer = { identity?: FakeIdentity; tokenFailure?: number };

/**
 * A real OpenID Connect server on 127.0.0.1 (oauth2-mock-server): discovery, JWKS, authorize with PKCE and nonce,
 * token endpoint with signed ID tokens. Tests point GOOGLE_ISSUER at it.
 * - In-process tests set the identity with `setIdentity` and break the next token call with the hooks below.
 * - Browser tests set the cookies above on the fake's origin before going through it: the identity and failure
 *   are then tied to the code issued to that browser, so parallel tests do not see each other's.
 */
export async function startFakeOidcProvider(options: { clientId?: string } = {}) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;

  let defaultIdentity: FakeIdentity = {
    sub: 'google-sub-ada',
    email: 'ada@example.test',
    name: 'Ada Lovelace',
  };
  let tamper: Record<string, unknown> | null = null;
  let nextFailure: { statusCode: number; body: Record<string, unknown> } | null = null;
  const steerByCode = new Map<string, Steer>();

  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const cookies = parseCookies(req.headers.cookie);
    const code = redirect.url.searchParams.get('code');
    if (!code) return;
    const steer: Steer = {};
    const identity = cookies.get(FAKE_IDENTITY_COOKIE);
    if (identity)
      steer.identity = JSON.parse(Buffer.from(identity, 'base64url').toString('utf8')) as FakeIdentity;
    const failure = Number(cookies.get(FAKE_TOKEN_FAILURE_COOKIE));
    if (failure) steer.tokenFailure = failure;
    steerByCode.set(code, steer);
  });

  const steerOf = (req: TokenRequest): Steer => {
    const code = req.body?.code;
    return (typeof code === 'string' && steerByCode.get(code)) || {};
  };

  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: TokenRequest) => {
      const identity = steerOf(req).identity ?? defaultIdentity;
      // The mock signs "johndoe" as every subject; members are keyed on `sub`, so make it the identity's own.
      Object.assign(token.payload, {
        sub: identity.sub,
        email: identity.email,
        email_verified: identity.emailVerified ?? true,
        name: identity.name,
        ...(identity.picture ? { picture: identity.picture } : {}),
      });
      // Only the ID token carries the nonce: that is the one a tampering test means.
      if (tamper && 'nonce' in token.payload) {
        Object.assign(token.payload, tamper);
        tamper = null;
      }
    },
  );

  server.service.on(
    'beforeResponse',
    (response: { statusCode: number; body: Record<string, unknown> }, req: TokenRequest) => {
      const failure = steerOf(req).tokenFailure;
      if (failure) {
        response.statusCode = failure;
        response.body = { error: failure >= 500 ? 'server_error' : 'invalid_grant' };
      } else if (nextFailure) {
        response.statusCode = nextFailure.statusCode;
        response.body = nextFailure.body;
        nextFailure = null;
      }
    },
  );

  return {
    issuer,
    clientId: options.clientId ?? 'lumara-test-client',
    clientSecret: 'lumara-test-secret',
    server,
    setIdentity(next: FakeIdentity) {
      defaultIdentity = next;
    },
    /** The next token request answers this status and body instead of tokens. */
    failNextTokenRequest(statusCode: number, body: Record<string, unknown>) {
      nextFailure = { statusCode, body };
    },
    /** The next ID token is signed with these claims changed (wrong audience, issuer, expired...). */
    tamperNextIdToken(claims: Record<string, unknown>) {
      tamper = claims;
    },
    close: () => server.stop(),
  };
}

export type FakeOidcProvider = Awaited<ReturnType<typeof startFakeOidcProvider>>;

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}
