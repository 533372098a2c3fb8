import type { Insights } from '#shared/insights.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { heatLevel, heatmapWeeks } from '../model/ranges.ts';
import { ChartFigure } from './chart-figure.tsx';

const CELL = 12;
const GAP = 3;

/** Each level's fill: the theme's accent mixed into its surface, stronger with more focus. */
const levelFill = [
  'var(--surface-strong)',
  'color-mix(in srgb, var(--accent) 30%, var(--surface-strong))',
  'color-mix(in srgb, var(--accent) 55%, var(--surface-strong))',
  'color-mix(in srgb, var(--accent) 80%, var(--surface-strong))',
  'var(--accent)',
] as const;

/** Focus minutes of a year (the 365 days ending at `to`), one square a day, weeks as columns; months in the table. */
export function YearHeatmap({ insights }: { insights: Insights }) {
  const t = useT();
  const format = useFormat();
  const days = insights.heatmap;
  const most = Math.max(0, ...days.map((day) => day.focus_minutes));
  const weeks = heatmapWeeks(days);
  const months = new Map<string, { minutes: number; days: number }>();
  for (const day of days) {
    const month = day.day.slice(0, 7);
    const counted = months.get(month) ?? { minutes: 0, days: 0 };
    months.set(month, {
      minutes: counted.minutes + day.focus_minutes,
      days: counted.days + (day.focus_minutes > 0 ? 1 : 0),
    });
  }
  const monthName = (month: string) =>
    format.date(`${month}-15T12:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const dayName = (day: string) =>
    format.date(`${day}T12:00:00Z`, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const width = weeks.length * (CELL + GAP);
  const height = 7 * (CELL + GAP);
  return (
    <ChartFigure
      title={t('insights.heatmap.title')}
      description={t('insights.heatmap.description', { day: dayName(insights.to) })}
      chart={
        <div className="flex flex-col gap-2">
          <div className="overflow-x-auto">
            <svg
              width={width}
              height={height}
              viewBox={`0 0 ${width} ${height}`}
              className="block"
              data-testid="year-heatmap"
            >
              <title>{t('insights.heatmap.title')}</title>
              {weeks.map((week, column) =>
                week.map((day, row) =>
                  day ? (
                    <rect
                      key={day.day}
                      x={column * (CELL + GAP)}
                      y={row * (CELL + GAP)}
                      width={CELL}
                      height={CELL}
                      rx={3}
                      style={{ fill: levelFill[heatLevel(day.focus_minutes, most)], stroke: 'var(--line)' }}
                    >
                      <title>{`${dayName(day.day)}: ${t('insights.minutes', { count: day.focus_minutes })}`}</title>
                    </rect>
                  ) : null,
                ),
              )}
            </svg>
          </div>
          <div className="flex items-center gap-1 text-xs text-(--ink-muted)">
            <span>{t('insights.heatmap.less')}</span>
            {levelFill.map((fill) => (
              <span
                key={fill}
                className="inline-block size-3 rounded-[3px] border border-(--line)"
                style={{ background: fill }}
              />
            ))}
            <span>{t('insights.heatmap.more')}</span>
          </div>
        </div>
      }
      table={{
        columns: [
          t('insights.column.month'),
          t('insights.column.focusMinutes'),
          t('insights.column.daysWithFocus'),
        ],
        rows: [...months.entries()].map(([month, counted]) => ({
          key: month,
          cells: [monthName(month), format.number(counted.minutes), format.number(counted.days)],
        })),
      }}
    />
  );
}
