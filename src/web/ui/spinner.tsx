import { LoaderCircle } from 'lucide-react';

/** A live status: screen readers hear `label`, sighted members see a turning ring beside it if `visibleLabel`. */
export function Spinner({ label, visibleLabel = false }: { label: string; visibleLabel?: boolean }) {
  return (
    <div role="status" className="inline-flex items-center gap-3 text-(--ink)">
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-(--accent)" />
      <span className={visibleLabel ? 'font-medium' : 'sr-only'}>{label}</span>
    </div>
  );
}
