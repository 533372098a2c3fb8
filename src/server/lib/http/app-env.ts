import type { UserRow } from '#server/db/schema.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { TokenScope } from '#shared/tokens.ts';

/**
 * What a request knows of its member: the row's own fields, not what other features keep on it; and the version of
 * their task list (`tasksVersion`, counted on their row by every change to their tasks), read with the credential
 * in the same look-up, so that the list's ETag costs no round trip of its own.
 */
export type SessionUser = Pick<
  UserRow,
  'id' | 'email' | 'emailVerified' | 'name' | 'picture' | 'createdAt' | 'lastSignedInAt' | 'tasksVersion'
>;

/**
 * The member a live session cookie names (the auth feature's sessions.service.ts reads it), or a personal access
 * token (the tokens feature's tokens.service.ts): the same member either way, so a handler needs not know which.
 */
export type SessionMember = {
  user: SessionUser;
  /** The SHA-256 of the session's token, or of the personal access token. */
  tokenHash: string;
  /** Set when this request slid the expiry: the cookie is sent again with the new lifetime. */
  renewedUntil: Date | null;
  /** Set when a personal access token authenticated the request: which one, and what it may do. */
  accessToken?: { id: number; scopes: readonly TokenScope[] };
};

/** What middleware puts on the Hono context for handlers to read. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by `requireMember`: the signed-in member acting in this request. */
    member: SessionMember;
  };
};

/** The signed-in member's id, on a route that needs a member (every route not declared public: api-route.ts). */
export function memberIdOf(c: { get(key: 'member'): SessionMember }): number {
  return c.get('member').user.id;
}
