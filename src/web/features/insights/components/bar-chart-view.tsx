import { useEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

/** The width of an element as it is laid out, followed as it changes; 0 where nothing is laid out. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export type BarDatum = { key: string; label: string; value: number };

/**
 * A bar chart in the theme's colours (its CSS variables, so it follows the theme the member picks), drawn only
 * once its width is known: a chart of width 0 is nothing to see.
 */
export function BarChartView({
  data,
  valueName,
  layout = 'columns',
  height = 220,
}: {
  data: readonly BarDatum[];
  valueName: string;
  /** `rows`: one bar per line, for long names (tasks, labels). */
  layout?: 'columns' | 'rows';
  height?: number;
}) {
  const { ref, width } = useWidth();
  const rows = layout === 'rows';
  const chartHeight = rows ? Math.max(120, data.length * 32 + 40) : height;
  return (
    <div ref={ref} className="w-full" style={{ height: chartHeight }}>
      {width > 0 ? (
        <BarChart
          width={width}
          height={chartHeight}
          data={[...data]}
          layout={rows ? 'vertical' : 'horizontal'}
          // The chart is hidden from assistive technology (its table speaks): no keyboard stop of its own.
          accessibilityLayer={false}
          margin={{ top: 8, right: 12, bottom: 4, left: rows ? 8 : 0 }}
        >
          <CartesianGrid stroke="var(--line)" vertical={rows} horizontal={!rows} />
          {rows ? (
            <>
              <XAxis type="number" allowDecimals={false} tick={{ fill: 'var(--ink-muted)', fontSize: 12 }} />
              <YAxis
                type="category"
                dataKey="label"
                width={110}
                tick={{ fill: 'var(--ink)', fontSize: 12 }}
                interval={0}
              />
            </>
          ) : (
            <>
              <XAxis dataKey="label" tick={{ fill: 'var(--ink-muted)', fontSize: 12 }} minTickGap={8} />
              <YAxis allowDecimals={false} width={40} tick={{ fill: 'var(--ink-muted)', fontSize: 12 }} />
            </>
          )}
          <Tooltip
            cursor={{ fill: 'var(--surface-strong)' }}
            contentStyle={{
              background: 'var(--surface-strong)',
              border: '1px solid var(--line)',
              borderRadius: 12,
              color: 'var(--ink)',
            }}
            labelStyle={{ color: 'var(--ink)' }}
            itemStyle={{ color: 'var(--ink)' }}
          />
          <Bar
            dataKey="value"
            name={valueName}
            fill="var(--accent)"
            radius={rows ? [0, 6, 6, 0] : [6, 6, 0, 0]}
          />
        </BarChart>
      ) : null}
    </div>
  );
}
