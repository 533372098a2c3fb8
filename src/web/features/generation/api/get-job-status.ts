import { type GenerationAnswer, generationAnswerSchema } from '#shared/media.ts';
import { apiRequest } from '#web/app/api-client.ts';

export type JobRef = Pick<GenerationAnswer, 'jobId' | 'provider' | 'media_type'>;

/**
 * Where a job's status is read: Straico's video and audio at `GET /api/straico/status/{jobId}`, every image
 * (and fal's video) at `GET /api/ai/image/status?provider=&jobId=` (part 1 §7, part 2 §7).
 */
export function jobStatusPath(job: JobRef): string {
  if (job.provider === 'straico' && job.media_type !== 'image') {
    return `/api/straico/status/${encodeURIComponent(job.jobId)}`;
  }
  return `/api/ai/image/status?${new URLSearchParams({ provider: job.provider, jobId: job.jobId })}`;
}

export function getJobStatus(job: JobRef, signal?: AbortSignal): Promise<GenerationAnswer> {
  return apiRequest(jobStatusPath(job), { schema: generationAnswerSchema, signal });
}
