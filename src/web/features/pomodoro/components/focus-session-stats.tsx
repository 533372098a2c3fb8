import { useId } from 'react';
import { POMODORO } from '#shared/pomodoro.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';

type FocusSessionStatsProps = {
  /** Focus sessions completed today; null while unknown (loading, or the count could not be fetched). */
  completed: number | null;
};

/** Completed today, and the session length, 25m. */
export function FocusSessionStats({ completed }: FocusSessionStatsProps) {
  const t = useT();
  const headingId = useId();
  return (
    <GlassPanel aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-(--ink)">
        {t('pomodoro.stats.heading')}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl bg-(--surface-strong) p-4">
          <dt className="text-sm font-semibold text-(--ink-muted)">{t('pomodoro.stats.completed')}</dt>
          <dd className="text-3xl font-bold text-(--ink) tabular-nums">
            {completed === null ? (
              <>
                <span aria-hidden="true">–</span>
                <span className="sr-only">{t('pomodoro.stats.unknown')}</span>
              </>
            ) : (
              completed
            )}
          </dd>
        </div>
        <div className="rounded-2xl bg-(--surface-strong) p-4">
          <dt className="text-sm font-semibold text-(--ink-muted)">{t('pomodoro.stats.duration')}</dt>
          <dd className="text-3xl font-bold text-(--ink) tabular-nums">
            {t('pomodoro.stats.minutes', { minutes: POMODORO.durationMinutes })}
          </dd>
        </div>
      </dl>
    </GlassPanel>
  );
}
