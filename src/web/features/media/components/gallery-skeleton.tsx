import { GALLERY } from '#shared/media.ts';
import { useT } from '#web/lib/i18n/use-t.ts';

/** The gallery while its first page loads: 8 placeholder tiles. */
export function GallerySkeleton({ gridClass }: { gridClass: string }) {
  const t = useT();
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{t('media.gallery.loading')}</span>
      <div aria-hidden="true" data-testid="gallery-skeleton" className={gridClass}>
        {Array.from({ length: GALLERY.skeletonTiles }, (_, tile) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered.
          <div key={tile} data-skeleton-tile="" className="glass flex flex-col gap-3 rounded-3xl p-3">
            <div className="aspect-video w-full animate-pulse rounded-2xl bg-(--surface-strong)" />
            <div className="h-4 w-3/4 animate-pulse rounded-full bg-(--surface-strong)" />
            <div className="h-3 w-1/2 animate-pulse rounded-full bg-(--surface-strong)" />
          </div>
        ))}
      </div>
    </div>
  );
}
