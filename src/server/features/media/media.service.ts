import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, ilike, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { type MediaRow, media } from '#server/db/schema.ts';
import { containsPattern } from '#server/lib/data/like-pattern.ts';
import { extensionOf } from '#server/lib/data/media-content-types.ts';
import { notFound } from '#server/lib/http/errors.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import {
  type MediaItem,
  type MediaPage,
  type mediaCreateSchema,
  type mediaListQuerySchema,
  mediaTypeSchema,
} from '#shared/media.ts';
import { type ImportMediaDeps, importMediaFile } from './import-media-file.ts';
import { writeWithinMediaQuota } from './media-quota.ts';

type MediaCreateInput = z.infer<typeof mediaCreateSchema>;
type MediaListInput = z.infer<typeof mediaListQuerySchema>;

/** Where a media item's stored copy is served: the owner's browser loads this, never the provider's link. */
export function mediaFileUrl(id: number): string {
  return `/api/media/${id}/file`;
}

/** The media item as the API shows it: the storage key and the source link stay on the server. */
export function presentMedia(row: MediaRow): MediaItem {
  return {
    id: row.id,
    media_type: mediaTypeSchema.catch('image').parse(row.mediaType),
    media_url: mediaFileUrl(row.id),
    prompt: row.prompt,
    title: row.title,
    model_id: row.modelId,
    is_favorite: row.isFavorite,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
  };
}

/** The filter a list applies, without the page's cursor (the total counts every page). */
function listFilter(userId: number, query: MediaListInput): SQL | undefined {
  return and(
    eq(media.userId, userId),
    query.type !== 'all' ? eq(media.mediaType, query.type) : undefined,
    query.favorites ? eq(media.isFavorite, true) : undefined,
    query.q
      ? or(ilike(media.title, containsPattern(query.q)), ilike(media.prompt, containsPattern(query.q)))
      : undefined,
  );
}

/**
 * One page of the member's media, newest first, as a keyset on the id (`id < cursor`): items saved while the
 * member scrolls neither repeat nor skip anything. `total` is how many match the filter in all.
 */
export async function listMedia(db: Db, userId: number, query: MediaListInput): Promise<MediaPage> {
  const filter = listFilter(userId, query);
  // The total rides on every row (one query, not two); a page past the end has no row to carry it.
  const rows = await db
    .select({
      row: getTableColumns(media),
      total: sql<number>`(SELECT count(*)::int FROM ${media} WHERE ${filter})`,
    })
    .from(media)
    .where(and(filter, query.cursor !== undefined ? lt(media.id, query.cursor) : undefined))
    .orderBy(desc(media.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(({ row }) => presentMedia(row));
  const more = rows.length > query.limit;
  const total = rows[0]?.total ?? (query.cursor === undefined ? 0 : await countMedia(db, filter));
  return { items, nextCursor: more ? (items.at(-1)?.id ?? null) : null, total };
}

async function countMedia(db: Db, filter: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(media).where(filter);
  return counted?.total ?? 0;
}

/** The member's own media row, or null (another member's id is as if it did not exist). */
export async function findOwnMedia(db: Db, userId: number, id: number): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The member's own media row, or 404. */
export async function getOwnMedia(db: Db, userId: number, id: number): Promise<MediaRow> {
  const row = await findOwnMedia(db, userId, id);
  if (!row) throw notFound('media');
  return row;
}

/**
 * The member's media saved from exactly this link, or null. The md5 term lets PostgreSQL use the unique index
 * (user, md5(source_url)); the equality makes a hash collision harmless.
 */
export async function findMediaBySource(db: Db, userId: number, sourceUrl: string): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(media)
    .where(
      and(
        eq(media.userId, userId),
        sql`md5(${media.sourceUrl}) = md5(${sourceUrl})`,
        eq(media.sourceUrl, sourceUrl),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Saves a finished generation into the member's gallery: the file is copied
 * into the store first, then the row is written; if the row cannot be written (or the member's quota, checked
 * again under its lock, no longer has room) the copy is removed, so nothing is ever half saved. Saving the same link again answers the item saved the first time (`created: false`).
 */
export async function saveMedia(
  deps: ImportMediaDeps,
  userId: number,
  input: MediaCreateInput,
): Promise<{ item: MediaItem; created: boolean }> {
  const { db, store } = deps;
  const already = await findSaved(deps, userId, input.media_url);
  if (already) return { item: presentMedia(already), created: false };

  const file = await importMediaFile(
    deps,
    userId,
    input.media_url,
    input.media_type,
    (contentType) => `media/${userId}/${randomUUID()}.${extensionOf(contentType)}`,
  );
  let inserted: MediaRow | undefined;
  try {
    // Under the member's quota lock: saves that streamed in side by side cannot together end over the quota.
    [inserted] = await writeWithinMediaQuota(deps, userId, file.sizeBytes, (tx) =>
      tx
        .insert(media)
        .values({
          userId,
          mediaType: input.media_type,
          storageKey: file.key,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          sourceUrl: file.sourceUrl,
          prompt: input.prompt,
          title: input.title,
          modelId: input.model_id,
        })
        // Two saves of one link at once: the second finds the first's row below and drops its own copy.
        .onConflictDoNothing()
        .returning(),
    );
  } catch (error) {
    await removeQuietly(deps.store, file.key, deps.logger);
    throw error;
  }
  if (inserted) return { item: presentMedia(inserted), created: true };
  await removeQuietly(store, file.key, deps.logger);
  const winner = await findMediaBySource(db, userId, file.sourceUrl);
  if (!winner) throw notFound('media');
  return { item: presentMedia(winner), created: false };
}

/**
 * The row already saved from this link, under either of its spellings: job outputs are recorded in their
 * relative form, so an absolute link to one finds it too.
 */
async function findSaved(deps: ImportMediaDeps, userId: number, link: string): Promise<MediaRow | null> {
  const trimmed = link.trim();
  const exact = await findMediaBySource(deps.db, userId, trimmed);
  if (exact) return exact;
  try {
    const url = new URL(trimmed);
    if (url.origin !== deps.appUrl.origin || url.search || url.hash) return null;
    return await findMediaBySource(deps.db, userId, url.pathname);
  } catch {
    return null;
  }
}

/** Flips the favorite mark of the member's media item. */
export async function toggleMediaFavorite(db: Db, userId: number, id: number): Promise<MediaItem> {
  const [row] = await db
    .update(media)
    .set({ isFavorite: not(media.isFavorite) })
    .where(and(eq(media.id, id), eq(media.userId, userId)))
    .returning();
  if (!row) throw notFound('media');
  return presentMedia(row);
}

/**
 * Deletes the member's media item: the row first (the item is gone for the member at once), then its file. A
 * file that cannot be removed is logged, not reported: the member's item is already gone.
 */
export async function deleteMedia(
  deps: { db: Db; store: ImportMediaDeps['store']; logger: Logger },
  userId: number,
  id: number,
): Promise<void> {
  const [row] = await deps.db
    .delete(media)
    .where(and(eq(media.id, id), eq(media.userId, userId)))
    .returning({ storageKey: media.storageKey });
  if (!row) throw notFound('media');
  await removeQuietly(deps.store, row.storageKey, deps.logger);
}

async function removeQuietly(store: ImportMediaDeps['store'], key: string, logger: Logger): Promise<void> {
  try {
    await store.remove(key);
  } catch (error) {
    logger.warn({ key, err: (error as Error).message }, 'a stored media file could not be removed');
  }
}
