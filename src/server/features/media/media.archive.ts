import { asc, eq } from 'drizzle-orm';
import { media } from '#server/db/schema.ts';
import {
  type ArchiveAdapter,
  archivePathOf,
  type CollectedFile,
  insertInChunks,
  notAfter,
  notYetHeld,
} from '#server/lib/data/archive-adapter.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';

type ArchiveMediaItem = ArchiveContents['media'][number];

/**
 * The member's gallery: each item with its prompt and title, its file under `media/`. On import an item is the
 * member's already when its source link is (one item per member and source, as saving it twice answers the
 * first); a new one is added with its file copied into the store and checked as every saved file is (its type,
 * its magic bytes, `MEDIA_MAX_BYTES`); an item whose file was lost before the export cannot come back.
 */
export const mediaArchive: ArchiveAdapter = {
  kinds: ['media'],
  async collect(tx, memberId) {
    const rows = await tx.select().from(media).where(eq(media.userId, memberId)).orderBy(asc(media.id));
    const files: CollectedFile[] = [];
    const items = rows.map((row): ArchiveMediaItem => {
      const item: ArchiveMediaItem = {
        id: row.id,
        media_type: row.mediaType as ArchiveMediaItem['media_type'],
        content_type: row.contentType,
        size_bytes: row.sizeBytes,
        source_url: row.sourceUrl,
        prompt: row.prompt,
        title: row.title,
        model_id: row.modelId,
        is_favorite: row.isFavorite,
        created_at: row.createdAt.toISOString(),
        file: archivePathOf('media', row.id, row.storageKey),
      };
      files.push({
        path: item.file ?? '',
        key: row.storageKey,
        forget: () => {
          item.file = null;
        },
      });
      return item;
    });
    return { contents: { media: items }, files };
  },
  async plan(reader, { memberId, contents, now }) {
    const at = notAfter(now);
    const held = await reader
      .select({ sourceUrl: media.sourceUrl })
      .from(media)
      .where(eq(media.userId, memberId));
    const fresh = notYetHeld(
      contents.media.filter((item): item is ArchiveMediaItem & { file: string } => item.file !== null),
      held.map((row) => row.sourceUrl),
      (item) => item.source_url,
    );
    return {
      adds: { media: fresh.length },
      files: fresh.map((item) => ({
        path: item.file,
        mediaType: item.media_type,
        declaredType: item.content_type,
        folder: 'media',
      })),
      async write(tx, stored) {
        await insertInChunks(fresh, (chunk) =>
          tx.insert(media).values(
            chunk.map((item) => {
              const file = stored.get(item.file);
              if (!file) throw new Error(`${item.file} was not stored`);
              return {
                userId: memberId,
                mediaType: item.media_type,
                storageKey: file.key,
                contentType: file.contentType,
                sizeBytes: file.size,
                sourceUrl: item.source_url,
                prompt: item.prompt,
                title: item.title,
                modelId: item.model_id,
                isFavorite: item.is_favorite,
                createdAt: at(item.created_at),
              };
            }),
          ),
        );
      },
    };
  },
};
