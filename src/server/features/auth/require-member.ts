import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '#server/db/database.ts';
import type { RequireMember } from '#server/lib/http/api-route.ts';
import type { AppEnv, SessionMember } from '#server/lib/http/app-env.ts';
import { bearerCredentialOf } from '#server/lib/http/bearer.ts';
import { AppError, unauthenticated } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { VouchedSessions } from '#server/lib/http/requests-in-flight.ts';
import type { TokenScope } from '#shared/tokens.ts';
import type { AuthCookies } from './auth-cookies.ts';
import { findSessionMember } from './sessions.service.ts';

/** The member a personal access token names, or null when it is unknown, revoked or expired (the tokens feature). */
type FindTokenMember = (token: string, now: Date) => Promise<SessionMember | null>;

/**
 * Lets the request through only with a live session, or a personal access token of a scope the route accepts,
 * and names the acting member for the handler: every route not declared public runs it first (api-route.ts). A
 * session (or token) the database knows is `vouched` for: from then on its requests in flight count against its
 * own allowance rather than its address's (requests-in-flight.ts).
 *
 * With `Authorization: Bearer` only the token counts (the cookie is not read: auth-cookies.ts). An unknown,
 * revoked, expired or malformed token is 401, and a token on a route that accepts none of its scopes 403
 * `insufficient_scope`, both with the RFC 6750 `WWW-Authenticate` a client library reads.
 */
export function createRequireMember(deps: {
  db: Db;
  cookies: AuthCookies;
  now: () => Date;
  vouched?: VouchedSessions;
  findTokenMember?: FindTokenMember;
}): RequireMember {
  return (accepts) =>
    createMiddleware<AppEnv>(async (c, next) => {
      const bearer = bearerCredentialOf(c);
      if (bearer !== undefined) {
        c.set('member', await tokenMember(bearer, accepts));
        return next();
      }
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

  async function tokenMember(bearer: string, accepts: readonly TokenScope[]): Promise<SessionMember> {
    const member = deps.findTokenMember ? await deps.findTokenMember(bearer, deps.now()) : null;
    if (!member?.accessToken) {
      throw new AppError('unauthenticated', say('server.tokens.invalid'), {
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      });
    }
    deps.vouched?.vouch(member.tokenHash);
    const held = member.accessToken.scopes;
    if (!accepts.some((scope) => held.includes(scope))) {
      const needed = accepts.length ? ` scope="${accepts.join(' ')}"` : '';
      throw new AppError('insufficient_scope', say('server.tokens.insufficientScope'), {
        headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope"${needed}` },
      });
    }
    return member;
  }
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
