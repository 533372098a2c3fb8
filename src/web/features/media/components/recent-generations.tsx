import { GALLERY, MEDIA_TEXTS } from '#shared/media.ts';
import { LoadError } from '#web/ui/load-error.tsx';
import { useRecentMedia } from '../api/get-media.ts';
import { MediaThumb } from './media-thumb.tsx';

/**
 * The last 6 generations (part 2 §2), newest first, as small pictures: the studio's Recent Activity and the
 * dashboard's Recent Creations.
 */
export function RecentGenerations({ label }: { label: string }) {
  const recent = useRecentMedia();
  if (recent.isPending) {
    return (
      <div role="status" className="grid grid-cols-3 gap-2">
        <span className="sr-only">Loading recent generations</span>
        {Array.from({ length: GALLERY.recentCount }, (_, tile) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered.
            key={tile}
            aria-hidden="true"
            className="aspect-square animate-pulse rounded-2xl bg-(--surface-strong)"
          />
        ))}
      </div>
    );
  }
  if (recent.isError) {
    return (
      <LoadError
        what="recent generations"
        error={recent.error}
        retrying={recent.isFetching}
        onRetry={() => void recent.refetch()}
      />
    );
  }
  const items = recent.data.items.slice(0, GALLERY.recentCount);
  if (items.length === 0) return <p className="text-sm text-(--ink-muted)">{MEDIA_TEXTS.noMediaYet}</p>;
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-2">
      {items.map((item) => (
        <li key={item.id}>
          <MediaThumb item={item} />
        </li>
      ))}
    </ul>
  );
}
