import { Send, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { WeekNumbers } from '#shared/insights.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { useWriteWeeklyReview } from '../api/write-weekly-review.ts';

/**
 * The week in numbers, and on request a model's summary of them. The summary is the model's words: shown as text
 * (never markup), and posted only if the member opens the community editor with it and posts it themselves.
 */
export function WeeklyReviewCard({ week, timeZone }: { week: WeekNumbers; timeZone: string }) {
  const t = useT();
  const headingId = useId();
  const review = useWriteWeeklyReview();
  const draftLink = review.data
    ? `/community?${new URLSearchParams({
        draft_title: t('insights.review.postTitle'),
        draft_body: review.data.text,
      }).toString()}`
    : null;
  return (
    <GlassPanel aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-(--ink)">
        <Sparkles aria-hidden="true" className="size-5 text-(--accent)" />
        {t('insights.review.heading')}
      </h2>
      <p className="text-(--ink)">
        {t('insights.review.numbers', {
          minutes: week.focus_minutes,
          sessions: week.focus_sessions,
          tasks: week.tasks_completed,
          days: week.active_days,
        })}
      </p>
      <div>
        <Button variant="secondary" busy={review.isPending} onClick={() => review.mutate(timeZone)}>
          {review.isPending ? t('insights.review.asking') : t('insights.review.ask')}
        </Button>
      </div>
      <div aria-live="polite" className="flex flex-col gap-3">
        {review.isError ? (
          <Alert tone="error">{t('insights.review.failed', { message: review.error.message })}</Alert>
        ) : null}
        {review.data ? (
          <>
            <blockquote
              lang={review.data.lang}
              className="whitespace-pre-line rounded-2xl border border-(--line) bg-(--surface-strong) p-4 text-(--ink)"
            >
              {review.data.text}
            </blockquote>
            <p className="text-sm text-(--ink-muted)">{t('insights.review.aiNote')}</p>
            {draftLink ? (
              <Link
                to={draftLink}
                className="glass inline-flex min-h-11 w-fit items-center gap-2 rounded-full px-5 py-2.5 font-semibold text-(--ink) hover:bg-(--surface-strong)"
              >
                <Send aria-hidden="true" className="size-4" />
                {t('insights.review.post')}
              </Link>
            ) : null}
          </>
        ) : null}
      </div>
    </GlassPanel>
  );
}
