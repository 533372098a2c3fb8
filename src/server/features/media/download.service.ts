import type { Db } from '#server/db/database.ts';
import { mediaTypeOfContentType } from '#server/lib/data/media-content-types.ts';
import type { StoredFile } from '#server/lib/http/serve-stored-file.ts';
import { type MediaType, mediaTypeSchema } from '#shared/media.ts';
import { rowIdParamSchema } from '#shared/row-id.ts';
import { findJobOutput } from '../generation/job-outputs.ts';
import { findMediaBySource, findOwnMedia } from './media.service.ts';

export type DownloadableFile = StoredFile & { mediaType: MediaType };

const mediaFilePath = /^\/api\/media\/(\d{1,10})\/file$/;

/**
 * The stored file a download link names, when it is the member's: their gallery
 * item's own `/api/media/<id>/file`, one of their job outputs, or exactly the link one of their items was saved
 * from. Anything else is null (404). Nothing is ever fetched: the download serves Lumara's copy, so it cannot be
 * used as an open proxy, whatever the link names.
 */
export async function findDownloadableFile(
  deps: { db: Db; appUrl: URL },
  userId: number,
  url: string,
): Promise<DownloadableFile | null> {
  const link = url.trim();
  const ownPath = pathOnOwnOrigin(link, deps.appUrl);
  const mediaId = ownPath ? mediaFilePath.exec(ownPath)?.[1] : undefined;
  if (mediaId !== undefined) {
    const id = rowIdParamSchema.safeParse(mediaId);
    if (!id.success) return null;
    const row = await findOwnMedia(deps.db, userId, id.data);
    return row ? fromRow(row) : null;
  }
  const output = await findJobOutput(deps.db, userId, link, deps.appUrl);
  if (output) {
    const mediaType = mediaTypeOfContentType(output.contentType);
    // An output of a kind the gallery does not keep is not served as a download either.
    return mediaType ? { key: output.key, contentType: output.contentType, mediaType } : null;
  }
  const saved = await findMediaBySource(deps.db, userId, link);
  return saved ? fromRow(saved) : null;
}

function fromRow(row: { storageKey: string; contentType: string; mediaType: string }): DownloadableFile {
  return {
    key: row.storageKey,
    contentType: row.contentType,
    mediaType: mediaTypeSchema.catch('image').parse(row.mediaType),
  };
}

/** The path of a relative link, or of an absolute one on the app's own origin; null for anything else. */
function pathOnOwnOrigin(link: string, appUrl: URL): string | null {
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  try {
    const parsed = new URL(link);
    return parsed.origin === appUrl.origin && !parsed.search && !parsed.hash ? parsed.pathname : null;
  } catch {
    return null;
  }
}
