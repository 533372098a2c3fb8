import type { GenerationAnswer } from '#shared/generation.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

export type JobRef = Pick<GenerationAnswer, 'jobId' | 'provider' | 'media_type'>;

/**
 * A job's status: Straico's video and audio at `GET /api/straico/status/{jobId}`, every image (and fal's video)
 * at `GET /api/ai/image/status?provider=&jobId=`.
 */
export function getJobStatus(job: JobRef, signal?: AbortSignal): Promise<GenerationAnswer> {
  if (job.provider === 'straico' && job.media_type !== 'image') {
    return answerOf(
      api.straico.status[':jobId'].$get(
        { param: { jobId: encodeURIComponent(job.jobId) } },
        { init: { signal } },
      ),
    );
  }
  return answerOf(
    api.ai.image.status.$get({ query: { provider: job.provider, jobId: job.jobId } }, { init: { signal } }),
  );
}
