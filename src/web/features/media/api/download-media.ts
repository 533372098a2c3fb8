import { defaultDownloadName, type MediaItem } from '#shared/media.ts';
import { api, toApiError } from '#web/lib/api-client.ts';

/** `GET /api/download?url=&filename=`: the file as an attachment, from Lumara's own origin. */
export function downloadHref(url: string, filename: string): string {
  return api.download.$path({ query: { url, filename } });
}

function isHttpUrl(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url, window.location.href).protocol);
  } catch {
    return false;
  }
}

/** Lets the browser save `href` under `filename`, as a click on a download link would. */
function clickDownloadLink(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** How long a downloaded file stays addressable after its link was clicked (the browser reads it meanwhile). */
const OBJECT_URL_LIFETIME_MS = 60_000;

export type DownloadOutcome = 'shared' | 'share-cancelled' | 'saved';

/**
 * Downloads a gallery item as `generated-media.png`, `.mp4` or `.mp3`. Where the browser can
 * share files (phones mostly), the file is fetched and offered to the native share sheet first; a member who
 * closes the sheet has not met a failure. Where it cannot, or the sheet refuses the file, the file is saved. A
 * browser without file sharing saves straight from `/api/download`, so nothing large is held in memory.
 * Throws when the file cannot be had.
 */
export async function downloadMedia(
  item: Pick<MediaItem, 'media_url' | 'media_type' | 'title'>,
): Promise<DownloadOutcome> {
  const filename = defaultDownloadName(item.media_type);
  const href = downloadHref(item.media_url, filename);
  const canShareFiles =
    isHttpUrl(item.media_url) &&
    typeof navigator.share === 'function' &&
    typeof navigator.canShare === 'function';
  if (!canShareFiles) {
    clickDownloadLink(href, filename);
    return 'saved';
  }

  const response = await fetch(href, { credentials: 'same-origin' });
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  const file = new File([blob], filename, { type: blob.type });
  if (navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: item.title || filename });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        return 'share-cancelled';
      }
      // No share target, or the tap's permission to share ran out while the file downloaded: save it instead.
    }
  }
  const objectUrl = URL.createObjectURL(blob);
  clickDownloadLink(objectUrl, filename);
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
  return 'saved';
}
