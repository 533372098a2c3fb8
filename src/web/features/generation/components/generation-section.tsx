import { type LucideIcon, Sparkles } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { GenerationFailure } from '#web/features/generation/components/job-progress.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import type { useGenerationRuns } from '../hooks/use-generation-runs.ts';
import { GenerationResult } from './generation-result.tsx';

/**
 * One generation form of the studio's media tabs: its fields, Generate (off while the prompt is empty, or a
 * model is missing, and while a generation runs), why a start failed, and its generations, newest
 * first.
 */
export function GenerationSection({
  title,
  icon: Icon,
  description,
  runs,
  canGenerate,
  generateLabel,
  onGenerate,
  children,
}: {
  title: string;
  icon: LucideIcon;
  description: string;
  runs: ReturnType<typeof useGenerationRuns>;
  canGenerate: boolean;
  generateLabel: string;
  onGenerate: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canGenerate && !runs.generating) onGenerate();
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="glass flex min-w-0 flex-col gap-4 rounded-3xl p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="inline-flex items-center gap-2 text-xl font-bold text-(--ink)">
          <Icon aria-hidden="true" className="size-5 text-(--accent)" />
          {title}
        </h2>
        <p className="text-sm text-(--ink-muted)">{description}</p>
      </div>
      <form aria-labelledby={`${id}-heading`} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {children}
        <Button type="submit" busy={runs.generating} disabled={!canGenerate} className="self-start">
          <Sparkles aria-hidden="true" className="size-4" />
          {runs.generating ? t('generation.generating') : generateLabel}
        </Button>
        {runs.startError ? (
          <GenerationFailure>
            {t('generation.section.startFailed', { reason: runs.startError.message })}
          </GenerationFailure>
        ) : null}
      </form>
      {runs.jobs.length > 0 ? (
        <ul aria-label={t('generation.section.results', { title })} className="flex flex-col gap-3">
          {runs.jobs.map((job) => (
            <li key={job.answer.jobId}>
              <GenerationResult job={job} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
