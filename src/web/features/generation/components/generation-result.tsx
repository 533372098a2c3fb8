import { CheckCircle2, LoaderCircle, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import type { GenerationAnswer } from '#shared/generation.ts';
import { providerLabel } from '#web/features/ai/model/ai-labels.ts';
import { GenerationFailure, JobProgress } from '#web/features/generation/components/job-progress.tsx';
import type { TrackedJob } from '#web/features/generation/hooks/use-generation-job.ts';
import { useSavedOutputs } from '#web/features/media/api/save-media.ts';
import { MediaOutput } from '#web/features/media/components/media-output.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';

/**
 * A finished generation's outputs, saved to the gallery the moment they are ready (provider links expire): the
 * saved copies once the server has them, the provider's meanwhile (or if saving fails, with another try).
 */
function ReadyOutputs({ answer }: { answer: GenerationAnswer }) {
  const t = useT();
  const saved = useSavedOutputs(answer);
  const outputs = saved.data
    ? saved.data.map((item) => ({ key: `saved-${item.id}`, url: item.media_url }))
    : answer.urls.map((url) => ({ key: url, url }));
  if (outputs.length === 0)
    return <GenerationFailure>{t('generation.result.nothingBack')}</GenerationFailure>;
  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label={t('generation.result.outputs')}
        className={`grid gap-3 ${outputs.length > 1 ? 'sm:grid-cols-2' : ''}`}
      >
        {outputs.map((output, index) => (
          <li key={output.key}>
            <MediaOutput
              type={answer.media_type}
              url={output.url}
              name={
                outputs.length > 1
                  ? t('generation.result.outputName', {
                      prompt: answer.prompt,
                      index: index + 1,
                      total: outputs.length,
                    })
                  : answer.prompt
              }
            />
          </li>
        ))}
      </ul>
      <div role="status" className="text-sm">
        {saved.isPending ? (
          <span className="inline-flex items-center gap-2 text-(--ink)">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-(--accent)" />
            {t('generation.result.saving')}
          </span>
        ) : saved.isSuccess ? (
          <span className="inline-flex flex-wrap items-center gap-2 font-semibold text-(--ink)">
            <CheckCircle2 aria-hidden="true" className="size-4 text-(--accent)" />
            {t('generation.result.saved')}
            <Link
              to="/studio?tab=gallery"
              className="font-semibold text-(--accent) underline underline-offset-4 hover:text-(--accent-strong)"
            >
              {t('generation.result.openGallery')}
            </Link>
          </span>
        ) : null}
      </div>
      {saved.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <GenerationFailure>
            {t('generation.result.saveFailed', { reason: saved.error.message })}
          </GenerationFailure>
          <Button variant="secondary" busy={saved.isFetching} onClick={() => void saved.refetch()}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('generation.result.tryAgain')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** One generation of a studio form: what was asked, with which model, how it is going, and its result. */
export function GenerationResult({ job }: { job: TrackedJob }) {
  const t = useT();
  const { answer } = job;
  return (
    <article
      aria-label={t('generation.result.label', { prompt: answer.prompt })}
      className="flex flex-col gap-3 rounded-3xl bg-(--surface) p-4"
    >
      <div className="flex flex-col gap-0.5">
        <p className="line-clamp-3 break-words text-(--ink)">{answer.prompt}</p>
        <p className="text-xs text-(--ink-muted)">
          {providerLabel(t, answer.provider)} · {answer.model}
        </p>
      </div>
      <JobProgress job={job} />
      {job.phase === 'ready' ? <ReadyOutputs answer={answer} /> : null}
    </article>
  );
}
