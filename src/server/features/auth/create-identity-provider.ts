import type { SignInConfig } from '#server/config.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import { createGoogleIdentityProvider } from '#server/providers/google-identity-provider.ts';
import type { IdentityProvider } from '#server/providers/identity-provider.ts';
import { createDevIdentityProvider } from './dev-identity-provider.ts';

export function createIdentityProvider(
  signIn: SignInConfig,
  deps: { appUrl: URL; logger: Logger; now: () => Date },
): IdentityProvider {
  if (signIn.mode === 'google') {
    return createGoogleIdentityProvider({
      issuer: signIn.issuer,
      clientId: signIn.clientId,
      clientSecret: signIn.clientSecret,
      allowInsecureIssuer: signIn.allowInsecureIssuer,
      logger: deps.logger,
    });
  }
  return createDevIdentityProvider({ appUrl: deps.appUrl, now: deps.now });
}
