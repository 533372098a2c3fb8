import { Flag, Heart, MessageCircle, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import type { CommunityPost } from '#shared/community.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Avatar } from '#web/ui/avatar.tsx';
import { Button } from '#web/ui/button.tsx';
import { useToggleLike } from '../api/toggle-like.ts';
import { formatPostDate } from '../model/post-date.ts';
import { errorText } from './error-text.ts';
import { PostActionsMenu } from './post-actions-menu.tsx';
import { PostComments } from './post-comments.tsx';
import { ReportDialog } from './report-dialog.tsx';

const actionClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-(--ink) hover:bg-(--surface-strong) disabled:opacity-70';

/**
 * One post: who wrote it and when, the AI Enhanced mark, its title and text (as text, never as HTML), the like
 * and comments buttons, and the author's menu (Edit, Delete) or everyone else's Report.
 */
export function PostCard({
  post,
  currentUserId,
  onEdit,
  onDelete,
}: {
  post: CommunityPost;
  currentUserId: number | undefined;
  onEdit: (post: CommunityPost) => void;
  onDelete: (post: CommunityPost) => void;
}) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const [likeError, setLikeError] = useState<string | null>(null);
  const toggleLike = useToggleLike();
  const isAuthor = currentUserId !== undefined && post.author_id === currentUserId;
  const edited = post.updated_at !== post.created_at;

  function like() {
    setLikeError(null);
    toggleLike.mutate(post, {
      onError: (error) => setLikeError(errorText(error, t('community.post.likeFailed'), 'like the post')),
    });
  }

  return (
    <article
      data-post-id={post.id}
      aria-labelledby={`${id}-title`}
      className="glass flex flex-col gap-3 rounded-3xl p-4 sm:p-6"
    >
      <header className="flex items-start gap-3">
        <Avatar name={post.author_name} picture={post.author_avatar} />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold text-(--ink)">{post.author_name}</span>
          <span className="flex flex-wrap items-center gap-x-2 text-sm text-(--ink-muted)">
            <time dateTime={post.created_at}>{formatPostDate(format, post.created_at)}</time>
            {edited ? <span>{t('community.post.edited')}</span> : null}
            {post.ai_meta ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-(--surface-strong) px-2 py-0.5 text-xs font-semibold text-(--accent-2)">
                <Sparkles aria-hidden="true" className="size-3" />
                {t('community.post.aiEnhanced')}
              </span>
            ) : null}
          </span>
        </div>
        {isAuthor ? <PostActionsMenu onEdit={() => onEdit(post)} onDelete={() => onDelete(post)} /> : null}
      </header>

      <h3 id={`${id}-title`} className="text-lg font-bold break-words text-(--ink)">
        {post.title}
      </h3>
      {post.body ? <p className="break-words whitespace-pre-wrap text-(--ink)">{post.body}</p> : null}

      <div className="flex flex-wrap items-center gap-1">
        <Button variant="bare" aria-pressed={post.liked} onClick={like} className={actionClass}>
          <Heart
            aria-hidden="true"
            className={`size-5 ${post.liked ? 'fill-(--accent) text-(--accent)' : ''}`}
          />
          <span className="sr-only">{t('community.post.likes', { count: post.likes })}</span>
          <span aria-hidden="true">{format.number(post.likes)}</span>
        </Button>
        <Button
          variant="bare"
          aria-expanded={commentsOpen}
          aria-controls={commentsOpen ? `${id}-comments` : undefined}
          onClick={() => setCommentsOpen((open) => !open)}
          className={actionClass}
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('community.post.comments', { count: post.comments_count })}</span>
          <span aria-hidden="true">{format.number(post.comments_count)}</span>
        </Button>
        {isAuthor ? null : (
          // Stays after the report (focus returns to it from the dialog), saying it is done.
          <Button
            variant="bare"
            aria-disabled={reported || undefined}
            onClick={() => {
              if (!reported) setReporting(true);
            }}
            className={`${actionClass} ml-auto text-sm aria-disabled:cursor-default aria-disabled:opacity-70`}
          >
            <Flag aria-hidden="true" className="size-4" />
            {t(reported ? 'community.post.reported' : 'community.post.report')}
          </Button>
        )}
      </div>
      <p role="status" className="text-sm font-medium text-(--ink) empty:hidden">
        {reported ? t('community.report.thanks') : ''}
      </p>
      {likeError ? <Alert>{likeError}</Alert> : null}

      {commentsOpen ? <PostComments id={`${id}-comments`} post={post} currentUserId={currentUserId} /> : null}

      {reporting ? (
        <ReportDialog
          post={post}
          onClose={() => setReporting(false)}
          onReported={() => {
            setReporting(false);
            setReported(true);
          }}
        />
      ) : null}
    </article>
  );
}
