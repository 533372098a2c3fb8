import { useState } from 'react';
import type { MediaFilterType, MediaItem } from '#shared/media.ts';
import { translate, useT } from '#web/lib/i18n/use-t.ts';
import { ConfirmDialog } from '#web/ui/confirm-dialog.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { LoadMore } from '#web/ui/load-more.tsx';
import { toast } from '#web/ui/toast.ts';
import { useDeleteMedia } from '../api/delete-media.ts';
import { mediaItemsOf, useMediaList } from '../api/get-media.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { GalleryFilters } from './gallery-filters.tsx';
import { GallerySkeleton } from './gallery-skeleton.tsx';
import { type GalleryView, MediaTile } from './media-tile.tsx';

/** A pause in typing this long sends the search to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

// Columns follow the gallery's own width (a container query): one on a phone, up to four on a wide screen.
const layoutClass: Record<GalleryView, string> = {
  grid: 'grid grid-cols-1 gap-4 @md:grid-cols-2 @3xl:grid-cols-3 @6xl:grid-cols-4',
  list: 'flex flex-col gap-3',
};

/**
 * The media gallery: search, type and Favorites filters applied by the server, the item count, grid
 * or list, a page at a time (more on scroll, or with Load more), the 8-tile skeleton, the empty states, and
 * per item favorite, download and delete (after 'Are you sure you want to delete this media?').
 */
export function MediaGallery() {
  const t = useT();
  const [view, setView] = useState<GalleryView>('grid');
  const [type, setType] = useState<MediaFilterType>('all');
  const [favorites, setFavorites] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const media = useMediaList({ type, favorites, q });
  const deleteMedia = useDeleteMedia();
  const [playingId, setPlayingId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<MediaItem | null>(null);
  const filtering = type !== 'all' || favorites || q !== '';

  function confirmDelete() {
    if (!confirming) return;
    const item = confirming;
    deleteMedia.mutate(item.id, {
      onSuccess: () => setConfirming(null),
      onError: (error) => {
        console.error(`Could not delete media ${item.id}: ${error.message}`);
        toast.error(translate('media.gallery.deleteFailed'), { id: 'media-delete-failed' });
        setConfirming(null);
      },
    });
  }

  const items = mediaItemsOf(media.data);
  const total = media.data?.pages[0]?.total ?? null;

  function body() {
    if (media.isPending) return <GallerySkeleton gridClass={layoutClass.grid} />;
    if (media.isError) {
      return (
        <LoadError
          what={t('media.gallery.loadWhat')}
          error={media.error}
          retrying={media.isFetching}
          onRetry={() => void media.refetch()}
        />
      );
    }
    if (items.length === 0) {
      return (
        <div className="flex flex-col items-center gap-2 rounded-3xl bg-(--surface) p-8 text-center">
          <p className="text-lg font-semibold text-(--ink)">{t('media.gallery.empty')}</p>
          <p className="text-(--ink-muted)">
            {filtering ? t('media.gallery.emptyFiltered') : t('media.gallery.emptyYet')}
          </p>
        </div>
      );
    }
    return (
      <>
        <ul aria-label={t('media.gallery.list')} className={layoutClass[view]}>
          {items.map((item) => (
            <li key={item.id} className="min-w-0">
              <MediaTile
                item={item}
                view={view}
                playing={playingId === item.id}
                onPlayingChange={(playing) =>
                  setPlayingId((current) => (playing ? item.id : current === item.id ? null : current))
                }
                onDelete={setConfirming}
              />
            </li>
          ))}
        </ul>
        <LoadMore query={media} what={t('media.gallery.moreWhat')} />
      </>
    );
  }

  return (
    <div className="@container flex flex-col gap-4">
      <GalleryFilters
        search={search}
        onSearchChange={setSearch}
        type={type}
        onTypeChange={setType}
        favorites={favorites}
        onFavoritesChange={setFavorites}
        view={view}
        onViewChange={setView}
      />
      <p role="status" className="text-sm font-semibold text-(--ink-muted)">
        {total === null ? '' : t('media.gallery.itemCount', { count: total })}
      </p>
      <div aria-busy={media.isPlaceholderData || undefined} className="flex flex-col gap-4">
        {body()}
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('media.delete.title')}
          message={t('media.delete.confirm')}
          confirmLabel={t('media.delete.button')}
          busy={deleteMedia.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
