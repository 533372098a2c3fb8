import { COMMUNITY_LIMITS, type CommunityPost, reportPostRequestSchema } from '#shared/community.ts';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { ModalDialog } from '#web/ui/dialog.tsx';
import { Field, Textarea } from '#web/ui/field.tsx';
import { useReportPost } from '../api/report-post.ts';
import { errorText } from './error-text.ts';

/** Reports a post to the moderators, with an optional reason (trimmed by the route's schema). */
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(reportPostRequestSchema, { defaultValues: { reason: '' } });
  const report = useReportPost();

  const onSubmit = handleSubmit(({ reason }) => {
    report.mutate(
      { postId: post.id, reason },
      {
        onSuccess: onReported,
        onError: (failure) =>
          setError('root.server', {
            message: errorText(failure, t('community.report.failed'), 'report the post'),
          }),
      },
    );
  });
  const submitError = errors.root?.server?.message;

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
        <Field
          label={t('community.report.reason')}
          // The box's own limit keeps it from happening: the schema's is the same.
          error={
            errors.reason
              ? t('community.editor.tooLong', { max: COMMUNITY_LIMITS.reportReasonMax })
              : undefined
          }
        >
          <Textarea
            {...register('reason')}
            rows={3}
            maxLength={COMMUNITY_LIMITS.reportReasonMax}
            className="resize-y"
          />
        </Field>
        {submitError ? <Alert>{submitError}</Alert> : null}
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
