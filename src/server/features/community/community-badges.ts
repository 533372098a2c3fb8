import type { Db } from '#server/db/database.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { BadgeType } from '#shared/badges.ts';
import { awardBadge } from '../badges/badges.service.ts';

/**
 * Awards a community badge and, only when this call earned it, tells that member alone (their open pages show
 * the badge at once). `awardBadge` is idempotent under concurrency, so two racing callers announce it once.
 * Called after the transaction that earned it has committed: `awardBadge` uses the pool, which inside an open
 * transaction would wait forever on the embedded database.
 */
export async function earnCommunityBadge(
  db: Db,
  events: EventBus,
  userId: number,
  badgeType: BadgeType,
  now: Date,
): Promise<boolean> {
  const earned = await awardBadge(db, userId, badgeType, now);
  if (earned) {
    events.publish({
      audience: { kind: 'member', userId },
      event: { type: 'badge.earned', data: { badge_type: badgeType } },
    });
  }
  return earned;
}
