import { Sparkles } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { GlassPanel } from '#web/ui/glass-panel.tsx';

/**
 * A studio tab whose feature has not arrived: says so plainly and offers nothing that would not work. The media
 * issue replaces the panels that use it.
 */
export function NotYetPanel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col items-start gap-3">
      <h2 id={`${id}-heading`} className="inline-flex items-center gap-2 text-xl font-bold text-(--ink)">
        <Sparkles aria-hidden="true" className="size-5 text-(--accent)" />
        {title}
      </h2>
      {children}
    </GlassPanel>
  );
}
