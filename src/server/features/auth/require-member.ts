import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '#server/db/database.ts';
import type { RequireMember } from '#server/lib/http/api-route.ts';
import type { AppEnv } from '#server/lib/http/app-env.ts';
import { unauthenticated } from '#server/lib/http/errors.ts';
import type { VouchedSessions } from '#server/lib/http/requests-in-flight.ts';
import type { AuthCookies } from './auth-cookies.ts';
import { findSessionMember } from './sessions.service.ts';

/**
 * Lets the request through only with a live session, and names the acting member for the handler: every route
 * not declared public runs it first (api-route.ts). A session the database knows is `vouched` for: from then on
 * its requests in flight count against its own allowance rather than its address's (requests-in-flight.ts).
 */
export function createRequireMember(deps: {
  db: Db;
  cookies: AuthCookies;
  now: () => Date;
  vouched?: VouchedSessions;
}): RequireMember {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = deps.cookies.readSession(c);
    if (!token) throw unauthenticated();
    const now = deps.now();
    const member = await findSessionMember(deps.db, token, now);
    if (!member) {
      deps.cookies.clearSession(c);
      throw unauthenticated();
    }
    if (member.renewedUntil) deps.cookies.writeSession(c, token, member.renewedUntil, now);
    deps.vouched?.vouch(member.tokenHash);
    c.set('member', member);
    await next();
  });
}

/**
 * For a request that outlives its session check (a live-event stream): answers a function that says whether the
 * request's session is still live, read again from the database each time it is called.
 */
export function createSessionCheck(deps: { db: Db; cookies: AuthCookies; now: () => Date }) {
  return (c: Context<AppEnv>) => {
    const token = deps.cookies.readSession(c);
    return async () => (token ? (await findSessionMember(deps.db, token, deps.now())) !== null : false);
  };
}
