import { z } from 'zod';
import { rowIdParamSchema } from './row-id.ts';

/** In the order the badges panel shows them. */
export const badgeCatalogue = [
  { badge_type: 'first_flight', name: 'First Flight', meaning: 'shared first post', emoji: '🕊️' },
  { badge_type: 'four_pomodoros', name: 'Four Pomodoros', meaning: '4 sessions in a day', emoji: '🍅' },
  { badge_type: 'glow_mentor', name: 'Glow Mentor', meaning: 'first comment marked helpful', emoji: '🌟' },
  {
    badge_type: 'playlist_princess',
    name: 'Playlist Princess',
    meaning: 'first music link shared',
    emoji: '🎧',
  },
  { badge_type: 'task_warrior', name: 'Task Warrior', meaning: 'completed 25 tasks', emoji: '⚔️' },
  {
    badge_type: 'community_star',
    name: 'Community Star',
    meaning: 'received 50 likes on posts',
    emoji: '💫',
  },
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
