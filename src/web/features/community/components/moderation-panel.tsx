import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReportedPost } from '#shared/community.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { useReports } from '../api/get-reports.ts';
import { useSetPostHidden } from '../api/set-post-hidden.ts';
import { formatPostDate } from '../model/post-date.ts';
import { errorText } from './error-text.ts';

/** For the people who run the community: reported posts, with Hide and Restore. */
export function ModerationPanel() {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const reports = useReports(true);
  const setHidden = useSetPostHidden();
  const [error, setError] = useState<string | null>(null);

  function toggle(item: ReportedPost) {
    setError(null);
    setHidden.mutate(
      { postId: item.post.id, hidden: !item.hidden },
      {
        onError: (failure) =>
          setError(errorText(failure, t('community.moderation.failed'), 'hide or restore the post')),
      },
    );
  }

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 p-5!">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        {t('community.moderation.heading')}
      </h2>
      {error ? <Alert>{error}</Alert> : null}
      <QueryState
        query={reports}
        what={t('community.moderation.what')}
        loading={
          <p role="status" className="text-sm text-(--ink-muted)">
            {t('community.moderation.loading')}
          </p>
        }
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-(--ink-muted)">{t('community.moderation.empty')}</p>}
      >
        {(list) => (
          <ul className="flex flex-col gap-4">
            {list.map((item) => (
              <li key={item.post.id} className="flex flex-col gap-2 rounded-2xl bg-(--surface) p-3">
                <p className="font-semibold break-words text-(--ink)">{item.post.title}</p>
                <p className="text-sm text-(--ink-muted)">
                  {t(item.hidden ? 'community.moderation.byHidden' : 'community.moderation.by', {
                    name: item.post.author_name,
                  })}
                </p>
                <ul className="flex flex-col gap-1 text-sm text-(--ink)">
                  {item.reports.map((report) => (
                    <li key={`${report.reporter_name}-${report.created_at}`} className="break-words">
                      <span className="font-semibold">{report.reporter_name}</span>
                      {' · '}
                      <time dateTime={report.created_at}>{formatPostDate(format, report.created_at)}</time>
                      {report.reason ? `: ${report.reason}` : ''}
                    </li>
                  ))}
                </ul>
                <Button
                  variant="secondary"
                  busy={setHidden.isPending && setHidden.variables?.postId === item.post.id}
                  onClick={() => toggle(item)}
                  aria-label={t(
                    item.hidden ? 'community.moderation.restorePost' : 'community.moderation.hidePost',
                    { title: item.post.title },
                  )}
                  className="self-start"
                >
                  {item.hidden ? (
                    <Eye aria-hidden="true" className="size-4" />
                  ) : (
                    <EyeOff aria-hidden="true" className="size-4" />
                  )}
                  {t(item.hidden ? 'community.moderation.restore' : 'community.moderation.hide')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </GlassPanel>
  );
}
