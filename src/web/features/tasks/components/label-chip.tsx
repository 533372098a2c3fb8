import type { ReactNode } from 'react';

/** A task label as a small pill. */
export function LabelChip({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full border border-(--accent)/25 bg-(--surface-strong) px-2.5 py-0.5 text-xs font-semibold text-(--ink)">
      {children}
    </span>
  );
}
