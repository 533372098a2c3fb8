import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';

const SESSION_COOKIE = 'lumara_session';
const SIGN_IN_COOKIE = 'lumara_sign_in';
/** Long enough to pick an account at the provider, short enough that a stolen cookie is soon worthless. */
const SIGN_IN_TTL_S = 10 * 60;

/** What the browser keeps between "Continue with Google" and /auth/callback: never readable by scripts. */
const pendingSignInSchema = z.object({
  state: z.string().min(1).max(512),
  nonce: z.string().min(1).max(512),
  verifier: z.string().min(43).max(128),
});
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

/**
 * Cookies are HttpOnly and SameSite=Lax; over https they are Secure and `__Host-` prefixed (bound to this exact
 * origin, no Domain, Path=/). Whether the app is served over https is decided by APP_URL, not by the request,
 * because a load balancer terminating TLS forwards plain http.
 */
export function createAuthCookies(secure: boolean) {
  const base = { path: '/', httpOnly: true, secure, sameSite: 'Lax' as const, ...(secure ? { prefix: 'host' as const } : {}) };
  const prefix = secure ? ('host' as const) : undefined;

  return {
    readSession(c: Context): string | undefined {
      const value = getCookie(c, SESSION_COOKIE, prefix);
      return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    },
    writeSession(c: Context, token: string, expiresAt: Date, now: Date): void {
      const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
      setCookie(c, SESSION_COOKIE, token, { ...base, maxAge });
    },
    clearSession(c: Context): void {
      deleteCookie(c, SESSION_COOKIE, { ...base });
    },
    readPendingSignIn(c: Context): PendingSignIn | undefined {
      const value = getCookie(c, SIGN_IN_COOKIE, prefix);
      if (!value) return undefined;
      try {
        const parsed = pendingSignInSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
    writePendingSignIn(c: Context, pending: PendingSignIn): void {
      const value = Buffer.from(JSON.stringify(pending)).toString('base64url');
      setCookie(c, SIGN_IN_COOKIE, value, { ...base, maxAge: SIGN_IN_TTL_S });
    },
    clearPendingSignIn(c: Context): void {
      deleteCookie(c, SIGN_IN_COOKIE, { ...base });
    },
  };
}

export type AuthCookies = ReturnType<typeof createAuthCookies>;
