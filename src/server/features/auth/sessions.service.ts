import { createHash } from 'node:crypto';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { sessions } from '#server/db/schema.ts';
import type { SessionMember, SessionUser } from '#server/lib/http/app-env.ts';
import { AppError } from '#server/lib/http/errors.ts';
import type { MemberSession } from '#shared/auth.ts';
import type { Device } from '#shared/device-of-user-agent.ts';
import { sharedText } from '#shared/texts.ts';
import { randomToken } from './pkce.ts';

/** A session ends after 30 days without use (sliding) and, whatever the use, 90 days after sign-in. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60_000;
/** Sliding the expiry writes a row; doing it at most hourly keeps reads read-only. */
const SLIDE_EVERY_MS = 60 * 60_000;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  device: Device,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    browser: device.browser,
    os: device.os,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return { token, expiresAt };
}

/**
 * The session look-up every signed-in request makes, as fixed SQL text sent unnamed: one round trip, nothing built
 * per call (Drizzle's query builder took a quarter of the main thread on `GET /api/users/me`). Unnamed because the
 * embedded database's pooled connections share one backend, where a named prepared statement would collide.
 * It reads the member's task list version too (`SessionUser.tasksVersion`): the list's ETag then costs no round
 * trip of its own.
 */
export const FIND_SESSION_SQL = `SELECT s.expires_at, s.absolute_expires_at, s.last_seen_at,
       u.id, u.email, u.email_verified, u.name, u.picture, u.created_at, u.last_signed_in_at, u.tasks_version
  FROM sessions s JOIN users u ON u.id = s.user_id
 WHERE s.token_hash = $1 AND u.kind = 'member'
 LIMIT 1`;

/** A row of `FIND_SESSION_SQL`. */
export type SessionRow = {
  expires_at: Date;
  absolute_expires_at: Date;
  last_seen_at: Date;
  id: number;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string | null;
  created_at: Date;
  last_signed_in_at: Date;
  /** A bigint: the driver answers it as text. */
  tasks_version: string;
};

/** The member a session token belongs to, or null when the token is unknown or the session has ended. */
export async function findSessionMember(db: Db, token: string, now: Date): Promise<SessionMember | null> {
  const tokenHash = hashSessionToken(token);
  const { rows } = await db.$client.query<SessionRow>(FIND_SESSION_SQL, [tokenHash]);
  const [row] = rows;
  if (!row) return null;

  if (row.expires_at <= now || row.absolute_expires_at <= now) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    name: row.name,
    picture: row.picture,
    createdAt: row.created_at,
    lastSignedInAt: row.last_signed_in_at,
    tasksVersion: Number(row.tasks_version),
  };
  if (now.getTime() - row.last_seen_at.getTime() < SLIDE_EVERY_MS) {
    return { user, tokenHash, renewedUntil: null };
  }
  const renewedUntil = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, row.absolute_expires_at.getTime()));
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: renewedUntil })
    .where(eq(sessions.tokenHash, tokenHash));
  return { user, tokenHash, renewedUntil };
}

/** Ends a session; answers the member whose it was (null when there was none), so their streams can be told. */
export async function deleteSession(db: Db, tokenHash: string): Promise<number | null> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ userId: sessions.userId });
  return ended?.userId ?? null;
}

/**
 * The member's live sessions, the most recently used first, `current` marking the one this request came with.
 * Each is named by its public id: the token's hash never leaves the server. Ended ones (past their expiry, not
 * yet swept) are not shown.
 */
export async function listMemberSessions(
  db: Db,
  userId: number,
  currentTokenHash: string,
  now: Date,
): Promise<MemberSession[]> {
  const rows = await db
    .select({
      tokenHash: sessions.tokenHash,
      publicId: sessions.publicId,
      browser: sessions.browser,
      os: sessions.os,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.publicId,
    browser: row.browser,
    os: row.os,
    signed_in_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.tokenHash === currentTokenHash,
  }));
}

/**
 * Ends one of the member's sessions, named by its public id. Another member's session, or one that is gone,
 * answers 404: a member learns nothing of others' sessions. Answers whether it was the session of this request.
 */
export async function endMemberSession(
  db: Db,
  userId: number,
  publicId: string,
  currentTokenHash: string,
): Promise<{ endedCurrent: boolean }> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ tokenHash: sessions.tokenHash });
  if (!ended) throw new AppError('not_found', sharedText('shared.auth.sessionNotFound'));
  return { endedCurrent: ended.tokenHash === currentTokenHash };
}

/** Ends every session of the member but this request's ("sign out everywhere else"); answers how many ended. */
export async function endOtherSessions(db: Db, userId: number, currentTokenHash: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, currentTokenHash)))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}
