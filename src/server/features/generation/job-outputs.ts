import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { generationJobs } from '#server/db/schema.ts';
import { isMediaKey } from '#server/lib/infra/media-store.ts';
import { jobIdSchema } from '#shared/generation.ts';

/**
 * A job's outputs as the `outputs` column stores them. A provider's http(s) URL is kept as given (it expires;
 * `POST /api/media` copies it). Output that came inline (OpenRouter's `data:` images) is written to the media
 * store under `key`, and its `url` is Lumara's own `/api/ai/jobs/<jobId>/outputs/<n>`.
 */
export const jobOutputSchema = z.object({
  url: z.string(),
  key: z.string().optional(),
  contentType: z.string().optional(),
});
export type JobOutput = z.infer<typeof jobOutputSchema>;

const jobOutputsSchema = z.array(jobOutputSchema);

/** The stored outputs of a row; a malformed value (never written by this code) reads as none. */
export function readJobOutputs(value: unknown): JobOutput[] {
  const parsed = jobOutputsSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** Where a job's stored outputs live in the media store: everything under `jobs/<jobId>`. */
export function jobOutputPrefix(jobId: string): string {
  return `jobs/${jobId}`;
}

/** Where an inline output lives in the media store: `jobs/<jobId>/<n>.<ext>`. */
export function jobOutputKey(jobId: string, index: number, extension: string): string {
  return `${jobOutputPrefix(jobId)}/${index}.${extension}`;
}

/** The URL Lumara serves an inline output at (relative: the browser and `POST /api/media` resolve it). */
export function jobOutputUrl(jobId: string, index: number): string {
  return `/api/ai/jobs/${jobId}/outputs/${index}`;
}

const outputPathPattern = /^\/api\/ai\/jobs\/([^/]+)\/outputs\/(\d{1,3})$/;

/** The job id and output index a Lumara output URL names, or null when it names none. */
export function parseJobOutputUrl(url: string, appUrl?: URL): { jobId: string; index: number } | null {
  let path: string;
  if (url.startsWith('/') && !url.startsWith('//')) {
    path = url;
  } else {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    // Absolute only on the app's own origin; any other host is someone else's file.
    if (!appUrl || parsed.origin !== appUrl.origin || parsed.search || parsed.hash) return null;
    path = parsed.pathname;
  }
  const match = outputPathPattern.exec(path);
  const jobId = match?.[1];
  const index = Number(match?.[2]);
  if (!jobId || !jobIdSchema.safeParse(jobId).success || !Number.isSafeInteger(index)) return null;
  return { jobId: jobId.toLowerCase(), index };
}

/**
 * Resolves `/api/ai/jobs/<jobId>/outputs/<n>` (relative, or absolute on `appUrl`'s origin) to the media-store
 * key and content type of an output the worker stored, when the job is this member's. Anything else (a
 * provider's URL, another member's job, an output that was never stored) is null. Used by saving to the
 * gallery and by the profile's avatar and wallpaper.
 */
export async function findJobOutput(
  db: Db,
  userId: number,
  url: string,
  appUrl?: URL,
): Promise<{ key: string; contentType: string } | null> {
  const named = parseJobOutputUrl(url.trim(), appUrl);
  if (!named) return null;
  const [row] = await db
    .select({ outputs: generationJobs.outputs })
    .from(generationJobs)
    .where(and(eq(generationJobs.id, named.jobId), eq(generationJobs.userId, userId)))
    .limit(1);
  if (!row) return null;
  const output = readJobOutputs(row.outputs)[named.index];
  if (!output?.key || !output.contentType || !isMediaKey(output.key)) return null;
  return { key: output.key, contentType: output.contentType };
}
