import { LoaderCircle, RotateCcw, XCircle } from 'lucide-react';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import type { TrackedJob } from '../hooks/use-generation-job.ts';

/** The text of a generation that will not finish: the provider's error, else the default text. */
export function failureText(t: Translate, job: Pick<TrackedJob, 'phase' | 'answer'>): string | null {
  switch (job.phase) {
    case 'failed':
      return job.answer.error?.trim() || t('generation.job.failed');
    case 'timed-out':
      return t('generation.job.timedOut');
    case 'status-failed':
      return t('generation.job.statusCheckFailed');
    default:
      return null;
  }
}

/** A failure in red with a cross. */
export function GenerationFailure({ children }: { children: string }) {
  return (
    <p role="alert" className="inline-flex items-start gap-2 text-sm font-semibold text-(--danger)">
      <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}

/**
 * How a job is doing: while it runs a spinner and which check is next (announced once); when it cannot
 * finish, the failure in red with a cross, and after a failed status check a way to check again. Nothing once
 * it is ready: the result says so.
 */
export function JobProgress({ job }: { job: TrackedJob }) {
  const t = useT();
  if (job.phase === 'generating') {
    const next = Math.min(job.attemptsMade + 1, job.maxAttempts);
    return (
      <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-(--ink)">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-(--accent)" />
        {t('generation.generating')}{' '}
        {/* Seen, not announced: a screen reader would otherwise hear the count every few seconds. */}
        <span aria-hidden="true" className="text-(--ink-muted)">
          {t('generation.job.check', { next, max: job.maxAttempts })}
        </span>
      </p>
    );
  }
  const failure = failureText(t, job);
  if (failure === null) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <GenerationFailure>{failure}</GenerationFailure>
      {job.phase === 'status-failed' ? (
        <Button variant="secondary" busy={job.checking} onClick={job.checkAgain}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('generation.job.checkAgain')}
        </Button>
      ) : null}
    </div>
  );
}
