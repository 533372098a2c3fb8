import type { BadgeType } from '#shared/badges.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/**
 * A badge's name and meaning on screen, in the interface's language. `#shared/badges.ts` keeps the English
 * for the server; the web shows these keys through `t()`. Keys are written whole (never built from the type): the
 * build turns each into a short id.
 */
const names: Record<BadgeType, MessageKey> = {
  first_flight: 'badges.first_flight.name',
  four_pomodoros: 'badges.four_pomodoros.name',
  glow_mentor: 'badges.glow_mentor.name',
  playlist_princess: 'badges.playlist_princess.name',
  task_warrior: 'badges.task_warrior.name',
  community_star: 'badges.community_star.name',
  streak_7: 'badges.streak_7.name',
  streak_30: 'badges.streak_30.name',
};

const meanings: Record<BadgeType, MessageKey> = {
  first_flight: 'badges.first_flight.meaning',
  four_pomodoros: 'badges.four_pomodoros.meaning',
  glow_mentor: 'badges.glow_mentor.meaning',
  playlist_princess: 'badges.playlist_princess.meaning',
  task_warrior: 'badges.task_warrior.meaning',
  community_star: 'badges.community_star.meaning',
  streak_7: 'badges.streak_7.meaning',
  streak_30: 'badges.streak_30.meaning',
};

export function badgeNameKey(type: BadgeType): MessageKey {
  return names[type];
}

export function badgeMeaningKey(type: BadgeType): MessageKey {
  return meanings[type];
}
