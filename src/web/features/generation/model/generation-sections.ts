import type { GenerationAnswer } from '#shared/generation.ts';

/** The studio's generation forms: fal's image and video, Straico's image, video and audio. */
export type GenerationSection =
  | 'fal-image'
  | 'fal-video'
  | 'straico-image'
  | 'straico-video'
  | 'straico-audio';

/**
 * The form a job belongs to, so a job the member started before leaving shows under the form that started it.
 * Jobs no studio form starts (an OpenRouter image, the profile's avatar or wallpaper) belong to none.
 */
export function sectionOf(job: Pick<GenerationAnswer, 'provider' | 'media_type'>): GenerationSection | null {
  if (job.provider === 'fal') {
    if (job.media_type === 'image') return 'fal-image';
    if (job.media_type === 'video') return 'fal-video';
    return null;
  }
  if (job.provider === 'straico') return `straico-${job.media_type}`;
  return null;
}

/**
 * The jobs a form shows, newest first: those started on this page, then the ones picked up from the server
 * (`GET /api/ai/jobs`) for this form that are not among them.
 */
export function jobsOfSection(
  section: GenerationSection,
  started: readonly GenerationAnswer[],
  resumed: readonly GenerationAnswer[],
): GenerationAnswer[] {
  const startedIds = new Set(started.map((job) => job.jobId));
  return [...started, ...resumed.filter((job) => sectionOf(job) === section && !startedIds.has(job.jobId))];
}
