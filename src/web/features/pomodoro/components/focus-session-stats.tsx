import { useId } from 'react';
import { POMODORO } from '#shared/pomodoro.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';

type FocusSessionStatsProps = {
  /** Focus sessions completed today; null while unknown (loading, or the count could not be fetched). */
  completed: number | null;
};

/** Part 1 §2 "Session stats": completed today, and the session length, 25m. */
export function FocusSessionStats({ completed }: FocusSessionStatsProps) {
  const headingId = useId();
  return (
    <GlassPanel aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-(--ink)">
        Session stats
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl bg-(--surface-strong) p-4">
          <dt className="text-sm font-semibold text-(--ink-muted)">Completed</dt>
          <dd className="text-3xl font-bold text-(--ink) tabular-nums">
            {completed === null ? (
              <>
                <span aria-hidden="true">–</span>
                <span className="sr-only">not known yet</span>
              </>
            ) : (
              completed
            )}
          </dd>
        </div>
        <div className="rounded-2xl bg-(--surface-strong) p-4">
          <dt className="text-sm font-semibold text-(--ink-muted)">Duration</dt>
          <dd className="text-3xl font-bold text-(--ink) tabular-nums">{POMODORO.durationMinutes}m</dd>
        </div>
      </dl>
    </GlassPanel>
  );
}
