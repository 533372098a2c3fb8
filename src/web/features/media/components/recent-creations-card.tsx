import { ArrowRight, Images } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { RecentGenerations } from './recent-generations.tsx';

/** The dashboard's Recent Creations: the last 6 generations and View All, which opens the gallery. */
export function RecentCreationsCard() {
  const t = useT();
  const id = useId();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-(--ink)">
          <Images aria-hidden="true" className="size-5 text-(--accent)" />
          {t('media.recentCreations.heading')}
        </h2>
        <Link
          to="/studio?tab=gallery"
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-(--accent) underline underline-offset-4 hover:text-(--accent-strong)"
        >
          {t('media.recentCreations.viewAll')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <RecentGenerations label={t('media.recentCreations.list')} />
    </GlassPanel>
  );
}
