import { Award, CheckCircle2, Flame, type LucideIcon, Timer } from 'lucide-react';
import type { DashboardStats } from '#shared/dashboard.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { useDashboardStats } from '../api/get-dashboard-stats.ts';

export function formatStreak(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

type StatCard = { label: string; icon: LucideIcon; value: (stats: DashboardStats) => string };

/** Part 1 §2: the four stat cards, in this order. The server computes them (the original showed samples). */
const statCards: readonly StatCard[] = [
  { label: 'Tasks Today', icon: CheckCircle2, value: (stats) => String(stats.tasks_today) },
  { label: 'Pomodoros', icon: Timer, value: (stats) => String(stats.pomodoros_today) },
  { label: 'Streak', icon: Flame, value: (stats) => formatStreak(stats.streak_days) },
  { label: 'Badges', icon: Award, value: (stats) => String(stats.badges) },
];

export function StatCards() {
  const stats = useDashboardStats();
  return (
    <QueryState
      query={stats}
      what="stats"
      loading={<StatList />}
      // A failed refresh keeps the figures already shown: only stats never loaded are an error.
      error={
        stats.data ? (
          <StatList stats={stats.data} />
        ) : (
          <div className="flex flex-col items-start gap-3">
            <Alert>Your stats could not be loaded.</Alert>
            <Button variant="secondary" busy={stats.isFetching} onClick={() => void stats.refetch()}>
              Try again
            </Button>
          </div>
        )
      }
    >
      {(data) => <StatList stats={data} />}
    </QueryState>
  );
}

/** The four cards; until the stats come, a pulsing placeholder in each. */
function StatList({ stats }: { stats?: DashboardStats }) {
  return (
    <dl
      aria-busy={stats === undefined || undefined}
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      {statCards.map(({ label, icon: Icon, value }) => (
        <div key={label} className="glass flex flex-col gap-2 rounded-3xl p-4 sm:p-5">
          <dt className="flex items-center gap-2 text-sm font-semibold text-(--ink-muted)">
            <Icon aria-hidden="true" className="size-4 text-(--accent)" />
            {label}
          </dt>
          <dd className="text-2xl font-bold text-(--ink) tabular-nums sm:text-3xl">
            {stats ? (
              value(stats)
            ) : (
              <>
                <span
                  aria-hidden="true"
                  className="block h-8 w-16 animate-pulse rounded-xl bg-(--ink-muted)/15 sm:h-9"
                />
                <span className="sr-only">Loading</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
