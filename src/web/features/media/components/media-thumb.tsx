import { AudioLines } from 'lucide-react';
import type { MediaItem } from '#shared/media.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { mediaName } from '../model/media-labels.ts';

/** A small square picture of an item, for the recent generations: the image, a video's first frame, a sound wave. */
export function MediaThumb({ item }: { item: MediaItem }) {
  const t = useT();
  const name = mediaName(t, item);
  const frame = 'aspect-square w-full rounded-2xl bg-(--surface-strong) object-cover';
  switch (item.media_type) {
    case 'image':
      return <img src={item.media_url} alt={name} loading="lazy" className={frame} />;
    case 'video':
      // Muted and never played here: its first frame is the picture.
      return <video src={item.media_url} muted preload="metadata" aria-label={name} className={frame} />;
    case 'audio':
      return (
        <span role="img" aria-label={name} className={`${frame} grid place-items-center text-(--accent)`}>
          <AudioLines aria-hidden="true" className="size-1/3" />
        </span>
      );
  }
}
