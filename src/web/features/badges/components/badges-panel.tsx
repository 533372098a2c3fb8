import { useEffect, useId } from 'react';
import { badgeCatalogue, COMPACT_BADGE_COUNT, type EarnedBadge } from '#shared/badges.ts';
import { type Formatters, useFormat } from '#web/lib/i18n/format.ts';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { useBadges } from '../api/get-badges.ts';
import { badgeMeaningKey, badgeNameKey } from '../lib/badge-text.ts';

type BadgesPanelProps = {
  /** Full: the whole catalogue, 5 columns on large screens. Compact: the first three badges only. */
  variant?: 'full' | 'compact';
  /** Another member's badges; the signed-in member's when absent. */
  userId?: number;
  className?: string;
};

function formatEarnedAt(earnedAt: string, format: Formatters): string {
  const date = new Date(earnedAt);
  return Number.isNaN(date.getTime()) ? earnedAt : format.date(date, { dateStyle: 'medium' });
}

/** Earned badges lit with their date, the others dimmed. */
export function BadgesPanel({ variant = 'full', userId, className = '' }: BadgesPanelProps) {
  const t = useT();
  const format = useFormat();
  const headingId = useId();
  const badges = useBadges(userId);

  useEffect(() => {
    // A badge failure is only logged; the catalogue still shows, nothing marked earned.
    if (badges.error) console.error(`Failed to load badges: ${badges.error.message}`);
  }, [badges.error]);

  const earned = new Map<string, EarnedBadge>((badges.data ?? []).map((badge) => [badge.badge_type, badge]));
  const shown = variant === 'compact' ? badgeCatalogue.slice(0, COMPACT_BADGE_COUNT) : badgeCatalogue;
  const known = badges.data !== undefined;
  const unknownText = badges.isError ? null : <span className="sr-only">{t('badges.panel.loading')}</span>;

  return (
    <GlassPanel aria-labelledby={headingId} aria-busy={badges.isPending || undefined} className={className}>
      <h2 id={headingId} className="mb-4 text-xl font-bold text-(--ink)">
        {t('badges.panel.heading')}
      </h2>
      <ul
        className={`grid gap-3 ${
          variant === 'compact' ? 'grid-cols-1' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5'
        }`}
      >
        {shown.map((badge) => {
          const earnedBadge = earned.get(badge.badge_type);
          return (
            <li
              key={badge.badge_type}
              data-earned={earnedBadge ? 'true' : 'false'}
              className={`flex gap-3 rounded-2xl border p-3 ${
                variant === 'compact' ? 'items-center text-left' : 'flex-col items-center gap-1 text-center'
              } ${
                earnedBadge
                  ? 'border-(--accent)/40 bg-(--surface-strong) shadow-(--glow)'
                  : 'border-(--line) bg-(--surface)'
              }`}
            >
              <span
                aria-hidden="true"
                className={`shrink-0 text-3xl leading-none ${earnedBadge ? '' : 'opacity-40 grayscale'}`}
              >
                {badge.emoji}
              </span>
              <span className={`flex min-w-0 flex-col ${variant === 'compact' ? '' : 'items-center gap-1'}`}>
                <span
                  className={`text-sm font-semibold ${earnedBadge ? 'text-(--ink)' : 'text-(--ink-muted)'}`}
                >
                  {t(badgeNameKey(badge.badge_type))}
                </span>
                {variant === 'full' ? (
                  <span className="text-xs text-(--ink-muted)">{t(badgeMeaningKey(badge.badge_type))}</span>
                ) : null}
                <span className="text-xs text-(--ink-muted)">
                  {earnedBadge ? (
                    <RichMessage
                      id="badges.panel.earned"
                      values={{ date: formatEarnedAt(earnedBadge.earned_at, format) }}
                      parts={[<time key="date" dateTime={earnedBadge.earned_at} />]}
                    />
                  ) : known ? (
                    t('badges.panel.notEarned')
                  ) : (
                    unknownText
                  )}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </GlassPanel>
  );
}
