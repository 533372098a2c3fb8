import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { sessions, type UserRow, users } from '#server/db/schema.ts';
import { randomToken } from './pkce.ts';

/** A session ends after 30 days without use (sliding) and, whatever the use, 90 days after sign-in. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60_000;
/** Sliding the expiry writes a row; doing it at most hourly keeps reads read-only. */
const SLIDE_EVERY_MS = 60 * 60_000;

export type SessionMember = {
  user: UserRow;
  tokenHash: string;
  /** Set when this request slid the expiry: the cookie is sent again with the new lifetime. */
  renewedUntil: Date | null;
};

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return { token, expiresAt };
}

/** The member a session token belongs to, or null when the token is unknown or the session has ended. */
export async function findSessionMember(db: Db, token: string, now: Date): Promise<SessionMember | null> {
  const tokenHash = hashSessionToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;

  const { session } = row;
  if (session.expiresAt <= now || session.absoluteExpiresAt <= now) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() < SLIDE_EVERY_MS) {
    return { user: row.user, tokenHash, renewedUntil: null };
  }
  const renewedUntil = new Date(
    Math.min(now.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime()),
  );
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: renewedUntil })
    .where(eq(sessions.tokenHash, tokenHash));
  return { user: row.user, tokenHash, renewedUntil };
}

/** Ends a session; answers the member whose it was (null when there was none), so their streams can be told. */
export async function deleteSession(db: Db, tokenHash: string): Promise<number | null> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ userId: sessions.userId });
  return ended?.userId ?? null;
}
