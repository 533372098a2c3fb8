import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { badges, users } from '#server/db/schema.ts';
import { notFound } from '#server/lib/http/errors.ts';
import type { BadgeType, EarnedBadge } from '#shared/badges.ts';
import { notify } from '../notifications/notification-schedule.ts';

/**
 * Awards a badge once: the unique (user, type) index makes a second award, concurrent or not, a no-op. Answers
 * whether this call earned it; a badge newly earned sends the member a `badge.earned` notification. The one entry point every feature that earns badges calls (music: first track,
 * community: first post, helpful comment, 50 likes).
 */
export async function awardBadge(db: Db, userId: number, badgeType: BadgeType, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(badges)
    .values({ userId, badgeType, earnedAt: now })
    .onConflictDoNothing({ target: [badges.userId, badges.badgeType] })
    .returning({ id: badges.id });
  if (inserted.length === 0) return false;
  // Newly earned: the member is told in their notification centre and by push, once (the key is the badge's).
  await notify(db, userId, {
    type: 'badge.earned',
    dedupeKey: `badge.earned:${userId}:${badgeType}`,
    data: { badge_type: badgeType },
  });
  return true;
}

/** A member's earned badges, oldest first. Badges are public: any member may look at another's. */
export async function listEarnedBadges(db: Db, userId: number): Promise<EarnedBadge[]> {
  const rows = await db
    .select({ badgeType: badges.badgeType, earnedAt: badges.earnedAt })
    .from(badges)
    .where(eq(badges.userId, userId))
    .orderBy(asc(badges.earnedAt), asc(badges.id));
  return rows.map((row) => ({
    badge_type: row.badgeType as BadgeType,
    earned_at: row.earnedAt.toISOString(),
  }));
}

export async function listMemberBadges(db: Db, userId: number): Promise<EarnedBadge[]> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!member) throw notFound('member');
  return listEarnedBadges(db, userId);
}
