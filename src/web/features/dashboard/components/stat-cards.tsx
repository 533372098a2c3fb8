import { Award, CheckCircle2, Flame, type LucideIcon, Timer } from 'lucide-react';
import type { DashboardStats } from '#shared/dashboard.ts';
import { type Formatters, useFormat } from '#web/lib/i18n/format.ts';
import { type MessageKey, type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { useDashboardStats } from '../api/get-dashboard-stats.ts';

type StatCard = {
  label: MessageKey;
  icon: LucideIcon;
  value: (stats: DashboardStats, format: Formatters, t: Translate) => string;
};

/** The four stat cards, in this order. The server computes them from the member's own data. */
const statCards: readonly StatCard[] = [
  {
    label: 'dashboard.stats.tasksToday',
    icon: CheckCircle2,
    value: (stats, format) => format.number(stats.tasks_today),
  },
  {
    label: 'dashboard.stats.pomodoros',
    icon: Timer,
    value: (stats, format) => format.number(stats.pomodoros_today),
  },
  // "1 day", "3 days".
  {
    label: 'dashboard.stats.streak',
    icon: Flame,
    value: (stats, _format, t) => t('dashboard.stats.streakDays', { count: stats.streak_days }),
  },
  { label: 'dashboard.stats.badges', icon: Award, value: (stats, format) => format.number(stats.badges) },
];

export function StatCards() {
  const t = useT();
  const stats = useDashboardStats();
  return (
    <QueryState
      query={stats}
      what={t('dashboard.stats.what')}
      loading={<StatList />}
      // A failed refresh keeps the figures already shown: only stats never loaded are an error.
      error={
        stats.data ? (
          <StatList stats={stats.data} />
        ) : (
          <div className="flex flex-col items-start gap-3">
            <Alert>{t('dashboard.stats.loadFailed')}</Alert>
            <Button variant="secondary" busy={stats.isFetching} onClick={() => void stats.refetch()}>
              {t('dashboard.stats.retry')}
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
  const t = useT();
  const format = useFormat();
  return (
    <dl
      aria-busy={stats === undefined || undefined}
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      {statCards.map(({ label, icon: Icon, value }) => (
        <div key={label} className="glass flex flex-col gap-2 rounded-3xl p-4 sm:p-5">
          <dt className="flex items-center gap-2 text-sm font-semibold text-(--ink-muted)">
            <Icon aria-hidden="true" className="size-4 text-(--accent)" />
            {t(label)}
          </dt>
          <dd className="text-2xl font-bold text-(--ink) tabular-nums sm:text-3xl">
            {stats ? (
              value(stats, format, t)
            ) : (
              <>
                <span
                  aria-hidden="true"
                  className="block h-8 w-16 animate-pulse rounded-xl bg-(--ink-muted)/15 sm:h-9"
                />
                <span className="sr-only">{t('dashboard.stats.loading')}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
