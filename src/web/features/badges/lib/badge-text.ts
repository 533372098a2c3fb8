import type { BadgeType } from '#shared/badges.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/**
 * A badge's name and meaning on screen, in the interface's language. `#shared/badges.ts` keeps the spec's English
 * for the server; the web shows these keys through `t()`.
 */
export function badgeNameKey(type: BadgeType): MessageKey {
  return `badges.${type}.name` as const;
}

export function badgeMeaningKey(type: BadgeType): MessageKey {
  return `badges.${type}.meaning` as const;
}
