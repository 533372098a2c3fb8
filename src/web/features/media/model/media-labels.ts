import type { MediaFilterType, MediaItem, MediaType } from '#shared/media.ts';
import type { MessageKey, Translate } from '#web/lib/i18n/use-t.ts';

export const mediaTypeLabels: Record<MediaType, MessageKey> = {
  image: 'media.type.image',
  video: 'media.type.video',
  audio: 'media.type.audio',
};

export const mediaFilterLabels: Record<MediaFilterType, MessageKey> = {
  all: 'media.filter.all',
  image: 'media.filter.image',
  video: 'media.filter.video',
  audio: 'media.filter.audio',
};

const untitledKeys: Record<MediaType, MessageKey> = {
  image: 'media.untitled.image',
  video: 'media.untitled.video',
  audio: 'media.untitled.audio',
};

/** What an item is called on screen and to assistive technology: its title, else its prompt. */
export function mediaName(t: Translate, item: Pick<MediaItem, 'title' | 'prompt' | 'media_type'>): string {
  return item.title.trim() || item.prompt.trim() || t(untitledKeys[item.media_type]);
}

/** A short date, e.g. "May 1, 2026", for `format.date`. */
export const MEDIA_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
