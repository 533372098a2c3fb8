import { z } from 'zod';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import { MEDIA_LIMITS } from '#shared/media.ts';
import { decodeInlineImage, InlineOutputError, isDataUri } from './inline-output.ts';
import { type JobOutput, jobOutputKey, jobOutputPrefix, jobOutputUrl } from './job-outputs.ts';

/** More than any model is asked for (fal's 4 images); a provider answering more is cut to this. */
export const MAX_JOB_OUTPUTS = 8;

const providerUrlSchema = z.url({ protocol: /^https?$/ }).max(MEDIA_LIMITS.urlMax);

/**
 * Turns a provider's output URLs into the job's outputs. A provider's http(s) link is kept as given (it expires;
 * saving it to the gallery copies it). Inline `data:` images are decoded, checked and written to the media store
 * as `jobs/<jobId>/<n>.<ext>`, served at `/api/ai/jobs/<jobId>/outputs/<n>`. Anything else throws
 * InlineOutputError with a reason for the member.
 */
export async function collectOutputs(
  store: MediaStore,
  jobId: string,
  urls: string[],
  maxBytes: number,
): Promise<JobOutput[]> {
  const outputs: JobOutput[] = [];
  try {
    for (const [index, url] of urls.slice(0, MAX_JOB_OUTPUTS).entries()) {
      if (isDataUri(url)) {
        const image = await decodeInlineImage(url, maxBytes);
        const key = jobOutputKey(jobId, index, image.extension);
        await store.put(key, image.bytes);
        outputs.push({ url: jobOutputUrl(jobId, index), key, contentType: image.contentType });
        continue;
      }
      if (!providerUrlSchema.safeParse(url).success) {
        throw new InlineOutputError('answered with a link Lumara cannot use');
      }
      outputs.push({ url });
    }
  } catch (error) {
    // A job that fails keeps no outputs: files written before the failure (a full disk at the second image)
    // would belong to nothing.
    if (outputs.some((output) => output.key)) await store.removeAll(jobOutputPrefix(jobId)).catch(() => {});
    throw error;
  }
  return outputs;
}
