import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { bearerCredentialOf } from '#server/lib/http/bearer.ts';

const SESSION_COOKIE = 'lumara_session';
const SIGN_IN_COOKIE = 'lumara_sign_in';
const SIGN_IN_TTL_S = 10 * 60;
/** Long enough to pick an account at the provider, short enough that a stale attempt is soon worthless. */
export const SIGN_IN_TTL_MS = SIGN_IN_TTL_S * 1000;

/**
 * Cookies are HttpOnly and SameSite=Lax; over https they are Secure and `__Host-` prefixed (bound to this exact
 * origin, no Domain, Path=/). Whether the app is served over https is decided by APP_URL, not by the request,
 * because a load balancer terminating TLS forwards plain http.
 */
export function createAuthCookies(secure: boolean) {
  const base = {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'Lax' as const,
    ...(secure ? { prefix: 'host' as const } : {}),
  };
  const prefix = secure ? ('host' as const) : undefined;

  return {
    readSession(c: Context): string | undefined {
      // A request with a bearer token is that token's alone: the cookie a browser added is not even read, so a
      // request cannot borrow the session while skipping the cross-site checks a bearer skips.
      if (bearerCredentialOf(c) !== undefined) return undefined;
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
    /** The state of the sign-in this browser started: binds the callback to this browser. */
    readSignInState(c: Context): string | undefined {
      const value = getCookie(c, SIGN_IN_COOKIE, prefix);
      return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    },
    writeSignInState(c: Context, state: string): void {
      setCookie(c, SIGN_IN_COOKIE, state, { ...base, maxAge: SIGN_IN_TTL_S });
    },
    clearSignInState(c: Context): void {
      deleteCookie(c, SIGN_IN_COOKIE, { ...base });
    },
  };
}

export type AuthCookies = ReturnType<typeof createAuthCookies>;
