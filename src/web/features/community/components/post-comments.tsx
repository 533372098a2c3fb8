import { Award, Send } from 'lucide-react';
import { useState } from 'react';
import {
  COMMUNITY_LIMITS,
  type CommunityComment,
  type CommunityPost,
  createCommentRequestSchema,
} from '#shared/community.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Avatar } from '#web/ui/avatar.tsx';
import { Button } from '#web/ui/button.tsx';
import { Field, Input } from '#web/ui/field.tsx';
import { LoadingBlock, QueryState } from '#web/ui/query-state.tsx';
import { useCreateComment } from '../api/create-comment.ts';
import { useComments } from '../api/get-comments.ts';
import { useMarkHelpful } from '../api/mark-helpful.ts';
import { formatPostDate } from '../model/post-date.ts';
import { errorText } from './error-text.ts';

/**
 * A post's comments, oldest first, and the box to add one (Enter sends; empty text is not sent). The post's
 * author can mark other members' comments helpful.
 */
export function PostComments({
  id,
  post,
  currentUserId,
}: {
  id: string;
  post: CommunityPost;
  currentUserId: number | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const comments = useComments(post.id);
  const createComment = useCreateComment();
  const markHelpful = useMarkHelpful();
  // The route's schema: a comment is trimmed and not empty (an empty one is not sent, and says nothing).
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = useZodForm(createCommentRequestSchema, { defaultValues: { body: '' } });
  // A helpful mark that failed: said where a comment that failed is, the later one replacing the earlier.
  const [markError, setMarkError] = useState<string | null>(null);
  const isAuthor = currentUserId !== undefined && post.author_id === currentUserId;
  const text = watch('body');

  const onSubmit = handleSubmit(({ body }) => {
    // The box empties at once, so the next comment can be typed while this one is on its way (and a double
    // Enter sends nothing twice); a failure puts the words back unless something new was typed meanwhile.
    reset();
    setMarkError(null);
    createComment.mutate(
      { postId: post.id, body },
      {
        onError: (failure) => {
          if (getValues('body') === '') setValue('body', body);
          setError('root.server', {
            message: errorText(failure, t('community.comments.sendFailed'), 'send the comment'),
          });
        },
      },
    );
  });
  const error = markError ?? errors.root?.server?.message;

  function toggleHelpful(comment: CommunityComment) {
    setMarkError(null);
    clearErrors('root.server');
    markHelpful.mutate(
      { comment, helpful: !comment.helpful },
      {
        onError: (failure) =>
          setMarkError(errorText(failure, t('community.comments.markFailed'), 'mark the comment')),
      },
    );
  }

  return (
    <section
      id={id}
      aria-label={t('community.comments.label', { title: post.title })}
      className="flex flex-col gap-3 border-t border-(--line) pt-4"
    >
      <QueryState
        query={comments}
        what={t('community.comments.what')}
        loading={<LoadingBlock label={t('community.comments.loading')} className="h-12" />}
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-(--ink-muted)">{t('community.comments.empty')}</p>}
      >
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((comment) => (
              <li key={comment.id} className="flex gap-3">
                <Avatar name={comment.author_name} picture={comment.author_avatar} />
                <div className="flex min-w-0 flex-1 flex-col gap-1 rounded-2xl bg-(--surface) px-3 py-2">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <span className="font-semibold text-(--ink)">{comment.author_name}</span>
                    <time dateTime={comment.created_at} className="text-(--ink-muted)">
                      {formatPostDate(format, comment.created_at)}
                    </time>
                    {comment.helpful ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-(--accent) px-2 py-0.5 text-xs font-semibold text-(--on-accent)">
                        <Award aria-hidden="true" className="size-3" />
                        {t('community.comments.helpful')}
                      </span>
                    ) : null}
                  </div>
                  <p className="break-words whitespace-pre-wrap text-(--ink)">{comment.body}</p>
                  {isAuthor && comment.author_id !== currentUserId ? (
                    <Button
                      variant="bare"
                      aria-pressed={comment.helpful}
                      disabled={markHelpful.isPending}
                      onClick={() => toggleHelpful(comment)}
                      className="min-h-11 self-start rounded-full px-3 text-sm font-semibold text-(--accent) hover:bg-(--surface-strong) disabled:opacity-70 aria-pressed:text-(--ink)"
                    >
                      {t('community.comments.markHelpful')}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={onSubmit} className="flex items-end gap-2">
        <Field label={t('community.comments.write')} hideLabel className="min-w-0 flex-1">
          <Input
            {...register('body')}
            maxLength={COMMUNITY_LIMITS.commentMax}
            placeholder={t('community.comments.placeholder')}
            autoComplete="off"
          />
        </Field>
        <Button type="submit" disabled={text.trim() === ''} className="px-4!">
          <Send aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">{t('community.comments.send')}</span>
        </Button>
      </form>
    </section>
  );
}
