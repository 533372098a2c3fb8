import { OAuth2Server } from 'oauth2-mock-server';

export type FakeIdentity = { sub: string; email: string; name: string; picture?: string };

/**
 * A real OpenID Connect server on 127.0.0.1 (oauth2-mock-server): discovery, JWKS, authorize with PKCE and nonce,
 * token endpoint with signed ID tokens. Tests point GOOGLE_ISSUER at it. The identity it vouches for is set per
 * test, and one-shot hooks let a test make the token endpoint fail.
 */
export async function startFakeOidcProvider(options: { clientId?: string } = {}) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const address = server.address();
  const issuer = `http://127.0.0.1:${address.port}`;
  server.issuer.url = issuer;

  let identity: FakeIdentity = { sub: 'google-sub-ada', email: 'ada@example.test', name: 'Ada Lovelace' };
  let tamper: Record<string, unknown> | null = null;
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    // The mock signs "johndoe" as every subject; members are keyed on `sub`, so make it the identity's own.
    Object.assign(token.payload, {
      sub: identity.sub,
      email: identity.email,
      email_verified: true,
      name: identity.name,
      ...(identity.picture ? { picture: identity.picture } : {}),
    });
    // Only the ID token carries the nonce: that is the one a tampering test means.
    if (tamper && 'nonce' in token.payload) {
      Object.assign(token.payload, tamper);
      tamper = null;
    }
  });

  return {
    issuer,
    clientId: options.clientId ?? 'lumara-test-client',
    clientSecret: 'lumara-test-secret',
    server,
    setIdentity(next: FakeIdentity) {
      identity = next;
    },
    /** The next token request answers this status and body instead of tokens. */
    failNextTokenRequest(statusCode: number, body: Record<string, unknown>) {
      server.service.once(
        'beforeResponse',
        (response: { statusCode: number; body: Record<string, unknown> }) => {
          response.statusCode = statusCode;
          response.body = body;
        },
      );
    },
    /** The next ID token is signed with these claims changed (wrong audience, issuer, expired...). */
    tamperNextIdToken(claims: Record<string, unknown>) {
      tamper = claims;
    },
    close: () => server.stop(),
  };
}

export type FakeOidcProvider = Awaited<ReturnType<typeof startFakeOidcProvider>>;
