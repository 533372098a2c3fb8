import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { badgeCatalogue } from '#shared/badges.ts';
import { TOAST_MS } from '#shared/constants.ts';
import { translate } from '#web/lib/i18n/use-t.ts';
import { toast } from '#web/ui/toast.ts';
import { badgesQueryOptions } from '../api/get-badges.ts';
import { badgeNameKey } from '../lib/badge-text.ts';

/** "Badge earned: Four Pomodoros 🍅", in the language shown now; null for a badge the catalogue does not know. */
export function badgeEarnedText(badgeType: string): string | null {
  const badge = badgeCatalogue.find((entry) => entry.badge_type === badgeType);
  return badge
    ? translate('badges.toast.earned', {
        name: translate(badgeNameKey(badge.badge_type)),
        emoji: badge.emoji,
      })
    : null;
}

/**
 * Mounted once by the app shell: when the member's badge list gains a badge (a completed pomodoro or task
 * refetches it), a toast says which. The first answer is only the starting point: badges earned before this
 * page load are not news.
 */
export function useBadgeEarnedToasts(): void {
  const { data } = useQuery(badgesQueryOptions());
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!data) return;
    const types = new Set(data.map((badge) => badge.badge_type));
    const before = known.current;
    known.current = types;
    if (!before) return;
    for (const type of types) {
      if (before.has(type)) continue;
      const text = badgeEarnedText(type);
      if (text) toast.success(text, { duration: TOAST_MS.success });
    }
  }, [data]);
}
