import { type FormEvent, useId, useState } from 'react';
import { COMMUNITY_LIMITS, type CommunityPost } from '#shared/community.ts';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { ModalDialog } from '#web/ui/dialog.tsx';
import { useReportPost } from '../api/report-post.ts';
import { errorText } from './error-text.ts';
import { fieldClass, labelClass } from './field-classes.ts';

/** Reports a post to the moderators, with an optional reason. */
export function ReportDialog({
  post,
  onReported,
  onClose,
}: {
  post: CommunityPost;
  onReported: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportPost();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    report.mutate(
      { postId: post.id, reason: reason.trim() },
      {
        onSuccess: onReported,
        onError: (failure) => setError(errorText(failure, t('community.report.failed'), 'report the post')),
      },
    );
  }

  return (
    <ModalDialog title={t('community.report.title')} onClose={onClose}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="text-(--ink)">
          <RichMessage
            id="community.report.intro"
            values={{ title: post.title }}
            parts={[<span key="title" className="font-semibold break-words" />]}
          />
        </p>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className={labelClass}>
            {t('community.report.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            rows={3}
            maxLength={COMMUNITY_LIMITS.reportReasonMax}
            onChange={(event) => setReason(event.target.value)}
            className={`${fieldClass} resize-y`}
          />
        </div>
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('community.report.cancel')}
          </Button>
          <Button type="submit" busy={report.isPending}>
            {t('community.report.send')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
