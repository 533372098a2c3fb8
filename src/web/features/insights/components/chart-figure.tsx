import { type ReactNode, useId } from 'react';
import { GlassPanel } from '#web/ui/glass-panel.tsx';

export type FigureTable = {
  /** The column headings; the first column names each row. */
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly (string | number)[] }[];
};

/**
 * One chart and the table of its numbers, side by side (stacked on a phone). The chart is a picture for sighted
 * mouse users, hidden from assistive technology; the table beside it carries the same numbers for everyone, in a
 * region the keyboard can scroll.
 */
export function ChartFigure({
  title,
  description,
  chart,
  table,
  empty,
}: {
  title: string;
  description?: string;
  chart: ReactNode;
  table: FigureTable;
  /** Said instead of both when there is nothing to show. */
  empty?: string | null;
}) {
  const headingId = useId();
  return (
    <GlassPanel aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div>
        <h2 id={headingId} className="text-lg font-bold text-(--ink)">
          {title}
        </h2>
        {description ? <p className="text-sm text-(--ink-muted)">{description}</p> : null}
      </div>
      {empty ? (
        <p className="text-(--ink-muted)">{empty}</p>
      ) : (
        <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div aria-hidden="true" className="min-w-0">
            {chart}
          </div>
          <div
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard.
            tabIndex={0}
            className="max-h-64 min-w-0 overflow-auto rounded-2xl border border-(--line) focus-visible:outline-2 focus-visible:outline-(--focus-ring)"
          >
            <table className="w-full text-left text-sm text-(--ink)">
              <caption className="sr-only">{title}</caption>
              <thead className="sticky top-0 bg-(--surface-strong)">
                <tr>
                  {table.columns.map((column, index) => (
                    <th
                      key={column}
                      scope="col"
                      className={`px-3 py-2 font-semibold ${index > 0 ? 'text-right' : ''}`}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.key} className="border-t border-(--line)">
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      {row.cells[0]}
                    </th>
                    {row.cells.slice(1).map((cell, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in their order.
                      <td key={index} className="px-3 py-1.5 text-right tabular-nums">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </GlassPanel>
  );
}
