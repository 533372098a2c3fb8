import { asc, eq } from 'drizzle-orm';
import { badges } from '#server/db/schema.ts';
import type { ArchiveAdapter } from '#server/lib/data/archive-adapter.ts';

/**
 * The badges a member earned, exported for them to read. An import never takes them: a badge says what the
 * member did here, so each feature that awards one earns it again from the rows it imported (tasks, focus
 * sessions, tracks, posts and their comments and likes).
 */
export const badgesArchive: ArchiveAdapter = {
  kinds: ['badges'],
  async collect(tx, memberId) {
    const rows = await tx.select().from(badges).where(eq(badges.userId, memberId)).orderBy(asc(badges.id));
    return {
      contents: {
        badges: rows.map((badge) => ({
          badge_type: badge.badgeType,
          earned_at: badge.earnedAt.toISOString(),
        })),
      },
      files: [],
    };
  },
  async plan() {
    return { adds: { badges: 0 }, files: [], async write() {} };
  },
};
