/**
 * What the sign-in flow needs from an identity provider. Google (real OpenID Connect) and the development
 * provider implement it, so both run through the same state, nonce and PKCE checks.
 */
export type IdentityClaims = {
  /** Which provider vouches for the member: identities are unique per (provider, subject). */
  provider: string;
  /** The issuer that signed the identity (the ID token's `iss`): operators are named by issuer and subject. */
  issuer: string;
  subject: string;
  email: string;
  /**
   * Whether the provider vouches that the member owns `email` (the ID token's `email_verified`). Only a verified
   * email may match `ADMIN_EMAILS`; the development provider verifies nothing.
   */
  emailVerified: boolean;
  name: string;
  picture: string | null;
};

export type AuthorizationRequest = {
  state: string;
  nonce: string;
  codeChallenge: string;
  redirectUri: string;
};

export type CodeExchange = {
  code: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
};

export type IdentityProvider = {
  mode: 'google' | 'development';
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /**
   * Exchanges the code and verifies the ID token. Throws AppError `invalid_code` (400) when the provider refuses
   * the code, `sign_in_provider_failed` (502) when the provider cannot be reached or misbehaves.
   */
  exchangeCode(exchange: CodeExchange): Promise<IdentityClaims>;
};
