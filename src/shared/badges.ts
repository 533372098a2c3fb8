import { z } from 'zod';
import { rowIdParamSchema } from './row-id.ts';

/**
 * In the order the badges panel shows them. Each badge's name and meaning are the web's messages
 * (badges.<badge_type>.name, .meaning), in every language.
 */
export const badgeCatalogue = [
  { badge_type: 'first_flight', emoji: '🕊️' },
  { badge_type: 'four_pomodoros', emoji: '🍅' },
  { badge_type: 'glow_mentor', emoji: '🌟' },
  { badge_type: 'playlist_princess', emoji: '🎧' },
  { badge_type: 'task_warrior', emoji: '⚔️' },
  { badge_type: 'community_star', emoji: '💫' },
  { badge_type: 'streak_7', emoji: '🔥' },
  { badge_type: 'streak_30', emoji: '🏆' },
] as const;

export const badgeTypes = badgeCatalogue.map((badge) => badge.badge_type) as [BadgeType, ...BadgeType[]];
export type BadgeType = (typeof badgeCatalogue)[number]['badge_type'];
export const badgeTypeSchema = z.enum(badgeTypes);

/** Thresholds of the catalogue's meanings. */
export const BADGE_RULES = { pomodorosInADay: 4, completedTasks: 25, likesReceived: 50 } as const;

/** `GET /api/badges`: `[{badge_type, earned_at}]`. */
export const earnedBadgeSchema = z
  .object({ badge_type: badgeTypeSchema, earned_at: z.string() })
  .meta({ id: 'EarnedBadge' });
export type EarnedBadge = z.infer<typeof earnedBadgeSchema>;
export const earnedBadgeListSchema = z.array(earnedBadgeSchema);

/** The compact panel shows the first three badges; the full one has 5 columns on large screens. */
export const COMPACT_BADGE_COUNT = 3;

export const badgesQuerySchema = z.object({
  userId: rowIdParamSchema.optional(),
});
