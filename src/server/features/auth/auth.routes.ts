import { type Context, Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { readJson } from '#server/lib/validation.ts';
import { createSessionRequestSchema, devAuthorizeRequestSchema } from '#shared/auth.ts';
import { beginSignIn, completeSignIn } from './auth.service.ts';
import { type AuthCookies, SIGN_IN_TTL_MS } from './auth-cookies.ts';
import { isDevIdentityProvider } from './dev-identity-provider.ts';
import type { IdentityProvider } from './identity-provider.ts';
import type { createRequireMember } from './require-member.ts';
import { deleteSession, hashSessionToken } from './sessions.service.ts';
import { presentUser } from './users.service.ts';

export type AuthRouteDeps = {
  db: Db;
  provider: IdentityProvider;
  appUrl: URL;
  cookies: AuthCookies;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
};

/** Sign-in and session calls of part 1 §7. Paths are kept exactly as the spec writes them. */
export function createAuthRoutes(deps: AuthRouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/api/auth/mode', (c) => c.json({ mode: deps.provider.mode }));

  routes.get('/api/oauth/google/redirect_url', async (c) => {
    const { redirectUrl, state } = await beginSignIn({
      db: deps.db,
      provider: deps.provider,
      appUrl: deps.appUrl,
      now: deps.now(),
      ttlMs: SIGN_IN_TTL_MS,
    });
    deps.cookies.writeSignInState(c, state);
    return c.json({ redirectUrl });
  });

  routes.post('/api/sessions', async (c) => {
    const { code, state } = await readJson(c, createSessionRequestSchema);
    const browserState = deps.cookies.readSignInState(c);
    // A sign-in attempt is single use, whatever the outcome: a replayed code or state finds nothing.
    deps.cookies.clearSignInState(c);
    const now = deps.now();
    const { user, token, expiresAt } = await completeSignIn({
      db: deps.db,
      provider: deps.provider,
      appUrl: deps.appUrl,
      browserState,
      code,
      state,
      previousSessionToken: deps.cookies.readSession(c),
      now,
    });
    deps.cookies.writeSession(c, token, expiresAt, now);
    c.get('logger').info({ userId: user.id, provider: deps.provider.mode }, 'member signed in');
    return c.json({ success: true });
  });

  if (isDevIdentityProvider(deps.provider)) {
    const devProvider = deps.provider;
    routes.post('/api/dev-identity/authorize', async (c) => {
      const request = await readJson(c, devAuthorizeRequestSchema);
      return c.json({ redirectUrl: devProvider.authorize(request) });
    });
  }

  routes.get('/api/users/me', deps.requireMember, (c) => c.json(presentUser(c.get('member').user)));

  // GET as the spec calls it; POST too for clients that prefer a safe method to stay safe.
  const logout = async (c: Context<AppEnv>) => {
    const token = deps.cookies.readSession(c);
    if (token) await deleteSession(deps.db, hashSessionToken(token));
    deps.cookies.clearSession(c);
    c.header('Clear-Site-Data', '"cookies"');
    return c.json({ success: true });
  };
  routes.get('/api/logout', logout);
  routes.post('/api/logout', logout);

  return routes;
}
