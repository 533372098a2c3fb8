import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CommunityPost } from '#shared/community.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { ConfirmDialog } from '#web/ui/confirm-dialog.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { LoadMore } from '#web/ui/load-more.tsx';
import { useDeletePost } from '../api/delete-post.ts';
import { postsOf, usePosts } from '../api/get-posts.ts';
import { errorText } from './error-text.ts';
import { PostCard } from './post-card.tsx';

/**
 * The posts, newest first, a page at a time: the next page loads when the end of the list scrolls near, or with
 * the Load more button, which is always there as well.
 */
export function PostList({
  currentUserId,
  onCreate,
  onEdit,
  openPostId = null,
  onPostOpened,
}: {
  currentUserId: number | undefined;
  onCreate: () => void;
  onEdit: (post: CommunityPost) => void;
  /** A post to bring into view once the first page is in (the command palette opens one); older ones stay put. */
  openPostId?: number | null;
  onPostOpened?: () => void;
}) {
  const t = useT();
  const posts = usePosts();
  const loaded = posts.data;
  useEffect(() => {
    if (openPostId === null || !loaded) return;
    const article = document.querySelector<HTMLElement>(`[data-post-id="${openPostId}"]`);
    if (article) {
      // Focusable for this once, so the keyboard and screen readers land on it too.
      article.tabIndex = -1;
      article.focus();
    }
    onPostOpened?.();
  }, [openPostId, loaded, onPostOpened]);
  const deletePost = useDeletePost();
  const [confirming, setConfirming] = useState<CommunityPost | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  function confirmDelete() {
    if (!confirming) return;
    const post = confirming;
    deletePost.mutate(post.id, {
      onSuccess: () => {
        setDeleteError(null);
        setConfirming(null);
      },
      onError: (error) => {
        setDeleteError(errorText(error, t('community.list.deleteFailed'), `delete post ${post.id}`));
        setConfirming(null);
      },
    });
  }

  if (posts.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">{t('community.list.loading')}</span>
        {[0, 1, 2].map((row) => (
          <div key={row} aria-hidden="true" className="glass flex flex-col gap-3 rounded-3xl p-6">
            <div className="flex items-center gap-3">
              <div className="size-10 animate-pulse rounded-full bg-(--surface-strong)" />
              <div className="h-4 w-32 animate-pulse rounded-full bg-(--surface-strong)" />
            </div>
            <div className="h-5 w-2/3 animate-pulse rounded-full bg-(--surface-strong)" />
            <div className="h-16 animate-pulse rounded-2xl bg-(--surface-strong)" />
          </div>
        ))}
      </div>
    );
  }
  if (posts.isError) {
    return (
      <LoadError
        what={t('community.list.what')}
        error={posts.error}
        retrying={posts.isFetching}
        onRetry={() => void posts.refetch()}
      />
    );
  }

  const list = postsOf(posts.data);
  if (list.length === 0) {
    return (
      <div className="glass flex flex-col items-center gap-4 rounded-3xl p-8 text-center">
        <p className="text-lg font-semibold text-(--ink)">{t('community.list.empty')}</p>
        <p className="text-(--ink-muted)">{t('community.list.emptyHelp')}</p>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" className="size-4" />
          {t('community.list.createFirst')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {deleteError ? <Alert>{deleteError}</Alert> : null}
      <ul aria-label={t('community.page.posts')} className="flex flex-col gap-4">
        {list.map((post) => (
          <li key={post.id}>
            <PostCard post={post} currentUserId={currentUserId} onEdit={onEdit} onDelete={setConfirming} />
          </li>
        ))}
      </ul>
      <LoadMore query={posts} what={t('community.list.moreWhat')} />
      {confirming ? (
        <ConfirmDialog
          title={t('community.list.deleteTitle')}
          message={t('community.list.deleteConfirm')}
          confirmLabel={t('community.list.delete')}
          busy={deletePost.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
