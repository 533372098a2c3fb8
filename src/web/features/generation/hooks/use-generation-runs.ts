import { useState } from 'react';
import type { GenerationAnswer } from '#shared/generation.ts';
import { useResumableJobs } from '#web/features/generation/api/get-resumable-jobs.ts';
import { type GenerationStart, useStartGeneration } from '#web/features/generation/api/start-generation.ts';
import { useGenerationJobs } from '#web/features/generation/hooks/use-generation-job.ts';
import { studioPollSchedule } from '#web/features/generation/model/poll-schedule.ts';
import { type GenerationSection, jobsOfSection } from '../model/generation-sections.ts';

/**
 * One studio form's generations: starting one, the jobs it shows (started here, or picked up again from the
 * server after the member left the page), each followed every 5 s up to 60 times, and whether the form is
 * busy, which blocks Generate. The studio is where generation and the
 * gallery meet, so its media tabs compose the generation and media features, which know nothing of
 * each other.
 */
export function useGenerationRuns(section: GenerationSection) {
  const [started, setStarted] = useState<GenerationAnswer[]>([]);
  const resumable = useResumableJobs();
  const start = useStartGeneration();
  const jobs = useGenerationJobs(jobsOfSection(section, started, resumable.data ?? []), studioPollSchedule);
  const generating = start.isPending || jobs.some((job) => job.phase === 'generating');

  function generate(request: GenerationStart) {
    if (generating) return;
    start.mutate(request, {
      onSuccess: (answer) => setStarted((current) => [answer, ...current]),
    });
  }

  return { jobs, generating, generate, startError: start.error };
}
