import type { MediaFilterType, MediaItem, MediaType } from '#shared/media.ts';

export const mediaTypeLabels: Record<MediaType, string> = { image: 'Image', video: 'Video', audio: 'Audio' };

export const mediaFilterLabels: Record<MediaFilterType, string> = {
  all: 'All',
  image: 'Images',
  video: 'Videos',
  audio: 'Audio',
};

/** What an item is called on screen and to assistive technology: its title, else its prompt. */
export function mediaName(item: Pick<MediaItem, 'title' | 'prompt' | 'media_type'>): string {
  return item.title.trim() || item.prompt.trim() || `Untitled ${item.media_type}`;
}

/** "3 items", "1 item". */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** A short date in the member's language and time zone, e.g. "May 1, 2026". */
export function mediaDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}
