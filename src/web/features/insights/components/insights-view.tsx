import { Flame, Trophy } from 'lucide-react';
import { useState } from 'react';
import type { Insights } from '#shared/insights.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { cn } from '#web/ui/cn.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { useInsights } from '../api/get-insights.ts';
import { type RangeChoice, rangeChoices, rangeOf, todayIn } from '../model/ranges.ts';
import { BarChartView } from './bar-chart-view.tsx';
import { ChartFigure } from './chart-figure.tsx';
import { WeeklyReviewCard } from './weekly-review-card.tsx';
import { YearHeatmap } from './year-heatmap.tsx';

const rangeLabels = {
  week: 'insights.range.week',
  days30: 'insights.range.days30',
  year: 'insights.range.year',
} as const;

/**
 * The insights of the member's days, in `timeZone` (null while the profile that names it loads): the range picker,
 * then each chart with its table, the streak, this week beside last week and the weekly review.
 */
export function InsightsView({ timeZone }: { timeZone: string | null }) {
  const t = useT();
  const [choice, setChoice] = useState<RangeChoice>('days30');
  const range = timeZone ? rangeOf(choice, todayIn(timeZone)) : { from: '', to: '' };
  const insights = useInsights(range, timeZone);
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('insights.range.label')}</legend>
        <div className="glass flex flex-wrap gap-1 rounded-full p-1">
          {rangeChoices.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={choice === option}
              onClick={() => setChoice(option)}
              className={cn(
                'min-h-11 rounded-full px-4 font-semibold transition-colors',
                choice === option
                  ? 'bg-(--accent) text-(--on-accent)'
                  : 'text-(--ink) hover:bg-(--surface-strong)',
              )}
            >
              {t(rangeLabels[option])}
            </button>
          ))}
        </div>
      </fieldset>
      {insights.isPending ? (
        <Spinner label={t('insights.loading')} visibleLabel />
      ) : insights.isError ? (
        <LoadError
          what={t('insights.what')}
          error={insights.error}
          retrying={insights.isFetching}
          onRetry={() => void insights.refetch()}
        />
      ) : insights.data.streak.longest === 0 ? (
        <GlassPanel>
          <p className="text-(--ink)">{t('insights.empty')}</p>
        </GlassPanel>
      ) : (
        // While another range loads, the last one stays on screen, marked busy.
        <div aria-busy={insights.isPlaceholderData} className="flex flex-col gap-6">
          <InsightsFigures insights={insights.data} />
        </div>
      )}
    </div>
  );
}

/** Every figure of an answer that has something to show. */
export function InsightsFigures({ insights }: { insights: Insights }) {
  const t = useT();
  const format = useFormat();
  const shortDay = (day: string) =>
    format.date(`${day}T12:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const longDay = (day: string) =>
    format.date(`${day}T12:00:00Z`, { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const emptyRange = insights.totals.active_days === 0 ? t('insights.emptyRange') : null;
  const taskName = (row: Insights['by_task'][number]) => row.title ?? t('insights.noTask');
  const labelName = (row: Insights['by_label'][number]) => row.label ?? t('insights.noLabel');
  const weekRows = [
    { key: 'focus_minutes', name: t('insights.column.focusMinutes') },
    { key: 'focus_sessions', name: t('insights.column.focusSessions') },
    { key: 'tasks_completed', name: t('insights.column.tasksCompleted') },
    { key: 'active_days', name: t('insights.column.activeDays') },
  ] as const;
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <StreakFigures insights={insights} />
        <WeeklyReviewCard week={insights.this_week} timeZone={insights.time_zone} />
      </div>
      <ChartFigure
        title={t('insights.focusByDay.title')}
        empty={emptyRange}
        chart={
          <BarChartView
            valueName={t('insights.column.focusMinutes')}
            data={insights.days.map((day) => ({
              key: day.day,
              label: shortDay(day.day),
              value: day.focus_minutes,
            }))}
          />
        }
        table={{
          columns: [
            t('insights.column.day'),
            t('insights.column.focusMinutes'),
            t('insights.column.focusSessions'),
          ],
          rows: insights.days.map((day) => ({
            key: day.day,
            cells: [longDay(day.day), format.number(day.focus_minutes), format.number(day.focus_sessions)],
          })),
        }}
      />
      <ChartFigure
        title={t('insights.focusByWeek.title')}
        empty={emptyRange}
        chart={
          <BarChartView
            valueName={t('insights.column.focusMinutes')}
            data={insights.weeks.map((week) => ({
              key: week.week_start,
              label: shortDay(week.week_start),
              value: week.focus_minutes,
            }))}
          />
        }
        table={{
          columns: [
            t('insights.column.weekOf'),
            t('insights.column.focusMinutes'),
            t('insights.column.tasksCompleted'),
          ],
          rows: insights.weeks.map((week) => ({
            key: week.week_start,
            cells: [
              longDay(week.week_start),
              format.number(week.focus_minutes),
              format.number(week.tasks_completed),
            ],
          })),
        }}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <ChartFigure
          title={t('insights.byTask.title')}
          empty={insights.by_task.length === 0 ? t('insights.emptyRange') : null}
          chart={
            <BarChartView
              layout="rows"
              valueName={t('insights.column.focusMinutes')}
              data={insights.by_task.map((row) => ({
                key: String(row.task_id),
                label: taskName(row),
                value: row.focus_minutes,
              }))}
            />
          }
          table={{
            columns: [
              t('insights.column.task'),
              t('insights.column.focusMinutes'),
              t('insights.column.focusSessions'),
            ],
            rows: insights.by_task.map((row) => ({
              key: String(row.task_id),
              cells: [taskName(row), format.number(row.focus_minutes), format.number(row.focus_sessions)],
            })),
          }}
        />
        <ChartFigure
          title={t('insights.byLabel.title')}
          description={t('insights.byLabel.description')}
          empty={insights.by_label.length === 0 ? t('insights.emptyRange') : null}
          chart={
            <BarChartView
              layout="rows"
              valueName={t('insights.column.focusMinutes')}
              data={insights.by_label.map((row) => ({
                key: String(row.label),
                label: labelName(row),
                value: row.focus_minutes,
              }))}
            />
          }
          table={{
            columns: [
              t('insights.column.label'),
              t('insights.column.focusMinutes'),
              t('insights.column.focusSessions'),
            ],
            rows: insights.by_label.map((row) => ({
              key: String(row.label),
              cells: [labelName(row), format.number(row.focus_minutes), format.number(row.focus_sessions)],
            })),
          }}
        />
      </div>
      <ChartFigure
        title={t('insights.tasksByDay.title')}
        empty={emptyRange}
        chart={
          <BarChartView
            valueName={t('insights.column.tasksCompleted')}
            data={insights.days.map((day) => ({
              key: day.day,
              label: shortDay(day.day),
              value: day.tasks_completed,
            }))}
          />
        }
        table={{
          columns: [t('insights.column.day'), t('insights.column.tasksCompleted')],
          rows: insights.days.map((day) => ({
            key: day.day,
            cells: [longDay(day.day), format.number(day.tasks_completed)],
          })),
        }}
      />
      <ChartFigure
        title={t('insights.weeks.title')}
        chart={
          <BarChartView
            valueName={t('insights.column.focusMinutes')}
            data={[
              { key: 'this', label: t('insights.column.thisWeek'), value: insights.this_week.focus_minutes },
              { key: 'last', label: t('insights.column.lastWeek'), value: insights.last_week.focus_minutes },
            ]}
          />
        }
        table={{
          columns: [
            t('insights.column.figure'),
            t('insights.column.thisWeek'),
            t('insights.column.lastWeek'),
          ],
          rows: weekRows.map((row) => ({
            key: row.key,
            cells: [
              row.name,
              format.number(insights.this_week[row.key]),
              format.number(insights.last_week[row.key]),
            ],
          })),
        }}
      />
      <YearHeatmap insights={insights} />
    </>
  );
}

/** The current and the longest streak, as two figures, and what makes a day count. */
function StreakFigures({ insights }: { insights: Insights }) {
  const t = useT();
  const figures = [
    { key: 'current', icon: Flame, label: t('insights.streak.current'), days: insights.streak.current },
    { key: 'longest', icon: Trophy, label: t('insights.streak.longest'), days: insights.streak.longest },
  ];
  return (
    <GlassPanel aria-labelledby="insights-streak-heading" className="flex flex-col gap-3">
      <h2 id="insights-streak-heading" className="text-lg font-bold text-(--ink)">
        {t('insights.streak.heading')}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        {figures.map(({ key, icon: Icon, label, days }) => (
          <div key={key} className="flex flex-col gap-1 rounded-2xl bg-(--surface-strong) p-4">
            <dt className="flex items-center gap-2 text-sm text-(--ink-muted)">
              <Icon aria-hidden="true" className="size-4 text-(--accent)" />
              {label}
            </dt>
            <dd className="text-2xl font-bold text-(--ink)">{t('insights.streak.days', { count: days })}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-(--ink-muted)">{t('insights.streak.rule')}</p>
    </GlassPanel>
  );
}
