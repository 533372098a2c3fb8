import { AudioLines, Download, Heart, Pause, Play, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { MediaItem } from '#shared/media.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { translate, useT } from '#web/lib/i18n/use-t.ts';
import { Button, IconButton } from '#web/ui/button.tsx';
import { toast } from '#web/ui/toast.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';
import { useDownloadMedia } from '../hooks/use-download-media.tsx';
import { MEDIA_DATE, mediaName, mediaTypeLabels } from '../model/media-labels.ts';

export type GalleryView = 'grid' | 'list';

const iconButtonClass =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-(--ink) transition-colors hover:bg-(--surface-strong) disabled:cursor-not-allowed disabled:opacity-70';

/** One of a tile's icon actions, its name shown as a tooltip too. */
function TileButton({
  label,
  pressed,
  busy,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  busy?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <IconButton
      label={label}
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      disabled={busy}
      title={label}
      onClick={onClick}
      className={iconButtonClass}
    >
      {children}
    </IconButton>
  );
}

/**
 * A video that previews on hover (in grid view): muted, from the start each time. Keyboard members
 * get the same preview when the tile's link takes focus.
 */
function HoverVideo({ item, name, preview }: { item: MediaItem; name: string; preview: boolean }) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  function start() {
    if (!preview) return;
    // Browsers may refuse to play (data saver, no decoder): the still frame stays, which is fine.
    void videoRef.current?.play().catch(() => {});
  }
  function stop() {
    const video = videoRef.current;
    if (!video || !preview) return;
    video.pause();
    video.currentTime = 0;
  }
  return (
    <a
      href={item.media_url}
      target="_blank"
      rel="noopener"
      aria-label={t('media.item.open', { name })}
      onMouseEnter={start}
      onMouseLeave={stop}
      onFocus={start}
      onBlur={stop}
      className="block"
    >
      {/* Muted, a picture inside the link: the link names it, the preview itself stays out of the tab order. */}
      <video
        ref={videoRef}
        src={item.media_url}
        muted
        loop
        playsInline
        preload="metadata"
        aria-hidden="true"
        tabIndex={-1}
        className="aspect-video w-full rounded-2xl bg-black object-cover"
      />
    </a>
  );
}

/**
 * An audio item's play toggle: plays when pressed, pauses when pressed again, and clears when the
 * sound ends. Only one item plays at a time: the gallery says which (`playing`), and this one pauses when it
 * is no longer the one.
 */
function AudioToggle({
  item,
  name,
  playing,
  onPlayingChange,
}: {
  item: MediaItem;
  name: string;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
}) {
  const t = useT();
  const audioRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (!playing) audioRef.current?.pause();
  }, [playing]);

  function toggle() {
    const audio = audioRef.current;
    if (!audio) return;
    if (playing) {
      audio.pause();
      onPlayingChange(false);
      return;
    }
    onPlayingChange(true);
    audio.play().catch((error: unknown) => {
      console.error(`Could not play ${name}: ${error instanceof Error ? error.message : String(error)}`);
      onPlayingChange(false);
    });
  }

  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-2xl bg-(--surface-strong) p-3">
      <AudioLines aria-hidden="true" className="size-10 text-(--accent)" />
      <Button
        variant="bare"
        aria-pressed={playing}
        aria-label={playing ? t('media.item.pauseName', { name }) : t('media.item.playName', { name })}
        onClick={toggle}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-(--accent) px-4 font-semibold text-(--on-accent) shadow-(--glow) hover:bg-(--accent-strong)"
      >
        {playing ? (
          <Pause aria-hidden="true" className="size-4" />
        ) : (
          <Play aria-hidden="true" className="size-4" />
        )}
        {playing ? t('media.item.pause') : t('media.item.play')}
      </Button>
      {/* biome-ignore lint/a11y/useMediaCaption: a caption track cannot be made for generated audio. */}
      <audio ref={audioRef} src={item.media_url} preload="none" onEnded={() => onPlayingChange(false)} />
    </div>
  );
}

function Preview({
  item,
  name,
  view,
  playing,
  onPlayingChange,
}: {
  item: MediaItem;
  name: string;
  view: GalleryView;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
}) {
  const t = useT();
  switch (item.media_type) {
    case 'image':
      return (
        <a
          href={item.media_url}
          target="_blank"
          rel="noopener"
          aria-label={t('media.item.open', { name })}
          className="block"
        >
          <img
            src={item.media_url}
            alt=""
            loading="lazy"
            className="aspect-video w-full rounded-2xl bg-(--surface-strong) object-cover"
          />
        </a>
      );
    case 'video':
      return <HoverVideo item={item} name={name} preview={view === 'grid'} />;
    case 'audio':
      return <AudioToggle item={item} name={name} playing={playing} onPlayingChange={onPlayingChange} />;
  }
}

/**
 * One gallery item: its preview, title, type and date, and Favorite, Download and
 * Delete. In list view the preview sits beside the text.
 */
export function MediaTile({
  item,
  view,
  playing,
  onPlayingChange,
  onDelete,
}: {
  item: MediaItem;
  view: GalleryView;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
  onDelete: (item: MediaItem) => void;
}) {
  const t = useT();
  const format = useFormat();
  const name = mediaName(t, item);
  const favorite = useToggleFavorite();
  const download = useDownloadMedia();

  function toggleFavorite() {
    favorite.mutate(item, {
      onError: (error) => {
        console.error(`Could not change the favorite of media ${item.id}: ${error.message}`);
        toast.error(translate('media.item.favoriteFailed'), { id: 'media-favorite-failed' });
      },
    });
  }

  return (
    <article
      aria-label={name}
      className={`glass flex gap-3 rounded-3xl p-3 ${view === 'list' ? 'flex-col @lg:flex-row @lg:items-center' : 'flex-col'}`}
    >
      <div className={view === 'list' ? '@lg:w-48 @lg:shrink-0' : ''}>
        <Preview item={item} name={name} view={view} playing={playing} onPlayingChange={onPlayingChange} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="line-clamp-2 font-semibold break-words text-(--ink)">{name}</h3>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-(--ink-muted)">
          <span>{t(mediaTypeLabels[item.media_type])}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={item.created_at}>{format.date(item.created_at, MEDIA_DATE)}</time>
        </p>
        {view === 'list' && item.prompt && item.prompt !== name ? (
          <p className="line-clamp-2 text-sm text-(--ink-muted)">{item.prompt}</p>
        ) : null}
      </div>
      <div className={`flex items-center gap-1 self-end ${view === 'list' ? '@lg:self-center' : ''}`}>
        <TileButton
          label={t('media.item.favorite', { name })}
          pressed={item.is_favorite}
          onClick={toggleFavorite}
        >
          <Heart
            aria-hidden="true"
            className={`size-5 ${item.is_favorite ? 'fill-(--accent) text-(--accent)' : ''}`}
          />
        </TileButton>
        <TileButton
          label={t('media.item.download', { name })}
          busy={download.isPending}
          onClick={() => download.mutate(item)}
        >
          <Download aria-hidden="true" className="size-5" />
        </TileButton>
        <TileButton label={t('media.item.delete', { name })} onClick={() => onDelete(item)}>
          <Trash2 aria-hidden="true" className="size-5" />
        </TileButton>
      </div>
    </article>
  );
}
