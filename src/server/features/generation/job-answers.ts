import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { type GenerationJobRow, media } from '#server/db/schema.ts';
import { aiProviderIdSchema } from '#shared/ai.ts';
import { type GenerationAnswer, generationStatusSchema } from '#shared/generation.ts';
import { MEDIA_TEXTS, mediaTypeSchema } from '#shared/media.ts';
import { readJobOutputs } from './job-outputs.ts';

/**
 * The presenter between a job row and what every generation route answers: the first output as `url`, all of
 * them in `urls`, repeated in the shapes older callers read (`data[0].url`, `images[].url`, `video.url`,
 * `audio.url`). Nothing else of the row (input, provider state, lease) leaves the server.
 */
export function presentJob(row: GenerationJobRow, savedUrls: ReadonlySet<string>): GenerationAnswer {
  const status = generationStatusSchema.catch('failed').parse(row.status);
  const mediaType = mediaTypeSchema.catch('image').parse(row.mediaType);
  const urls = status === 'ready' ? readJobOutputs(row.outputs).map((output) => output.url) : [];
  const first = urls[0];
  return {
    status,
    jobId: row.id,
    provider: aiProviderIdSchema.catch('openrouter').parse(row.provider),
    model: row.model,
    media_type: mediaType,
    prompt: row.prompt,
    ...(first ? { url: first } : {}),
    urls,
    data: urls.map((url) => ({ url })),
    ...(mediaType === 'image' && status === 'ready' ? { images: urls.map((url) => ({ url })) } : {}),
    ...(mediaType === 'video' && first ? { video: { url: first } } : {}),
    ...(mediaType === 'audio' && first ? { audio: { url: first } } : {}),
    ...(status === 'failed' ? { error: row.error || MEDIA_TEXTS.generationFailed } : {}),
    saved: urls.length > 0 && urls.every((url) => savedUrls.has(url)),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Which of these output URLs the member already saved to the gallery (`POST /api/media` keeps the URL it copied
 * from in `source_url`; a job output is kept as its `/api/ai/jobs/…` path). Looked up through the
 * (user, md5(source_url)) index.
 */
export async function findSavedUrls(db: Db, userId: number, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ sourceUrl: media.sourceUrl })
    .from(media)
    .where(
      and(
        eq(media.userId, userId),
        sql`md5(${media.sourceUrl}) in (${sql.join(
          urls.map((url) => sql`md5(${url})`),
          sql`, `,
        )})`,
        inArray(media.sourceUrl, urls),
      ),
    );
  return new Set(rows.map((row) => row.sourceUrl));
}

/** Presents several rows with one lookup of what is saved. */
export async function presentJobs(
  db: Db,
  userId: number,
  rows: GenerationJobRow[],
): Promise<GenerationAnswer[]> {
  const urls = rows.flatMap((row) =>
    row.status === 'ready' ? readJobOutputs(row.outputs).map((output) => output.url) : [],
  );
  const saved = await findSavedUrls(db, userId, [...new Set(urls)]);
  return rows.map((row) => presentJob(row, saved));
}
