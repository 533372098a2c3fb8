import { GALLERY } from '#shared/media.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { QueryState } from '#web/ui/query-state.tsx';
import { useRecentMedia } from '../api/get-media.ts';
import { MediaThumb } from './media-thumb.tsx';

/**
 * The last 6 generations, newest first, as small pictures: the studio's Recent Activity and the
 * dashboard's Recent Creations.
 */
export function RecentGenerations({ label }: { label: string }) {
  const t = useT();
  const recent = useRecentMedia();
  return (
    <QueryState
      query={recent}
      what={t('media.recent.what')}
      loading={
        <div role="status" className="grid grid-cols-3 gap-2">
          <span className="sr-only">{t('media.recent.loading')}</span>
          {Array.from({ length: GALLERY.recentCount }, (_, tile) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered.
              key={tile}
              aria-hidden="true"
              className="aspect-square animate-pulse rounded-2xl bg-(--surface-strong)"
            />
          ))}
        </div>
      }
      isEmpty={(page) => page.items.length === 0}
      empty={<p className="text-sm text-(--ink-muted)">{t('media.gallery.emptyYet')}</p>}
    >
      {(page) => (
        <ul aria-label={label} className="grid grid-cols-3 gap-2">
          {page.items.slice(0, GALLERY.recentCount).map((item) => (
            <li key={item.id}>
              <MediaThumb item={item} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
