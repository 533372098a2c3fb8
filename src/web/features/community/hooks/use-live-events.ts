import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '#shared/events.ts';
import { useLiveEvents as useLiveEventStream } from '#web/lib/live-events.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { communityKeys } from '../api/community-query-keys.ts';
import { type PostPages, updatePostIn } from '../api/get-posts.ts';

/** What an event changes in the cache. */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'post.created':
    case 'post.updated':
    case 'post.deleted':
      void queryClient.invalidateQueries({ queryKey: communityKeys.posts });
      void queryClient.invalidateQueries({ queryKey: communityKeys.stats });
      return;
    case 'post.liked':
      // Someone's like moved the count; whether the viewer likes it is the viewer's own business.
      queryClient.setQueryData<PostPages>(communityKeys.posts, (pages) =>
        updatePostIn(pages, event.data.postId, (post) => ({ ...post, likes: event.data.likes })),
      );
      void queryClient.invalidateQueries({ queryKey: communityKeys.stats });
      return;
    case 'comment.created':
      queryClient.setQueryData<PostPages>(communityKeys.posts, (pages) =>
        updatePostIn(pages, event.data.postId, (post) => ({
          ...post,
          comments_count: event.data.commentsCount,
        })),
      );
      // Refetches only where the comments are open; elsewhere they are marked stale for the next opening.
      void queryClient.invalidateQueries({ queryKey: communityKeys.comments(event.data.postId) });
      return;
    case 'badge.earned':
      // The shell's badge-earned toasts see the new badge in the refetched list.
      void queryClient.invalidateQueries({ queryKey: queryKeys.badges });
      return;
  }
}

/**
 * After a reconnect: the server does not replay what was published while the stream was down, so everything
 * the page shows from the community is fetched again (the model catalogue is not news).
 */
export function refetchAfterReconnect(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    queryKey: communityKeys.all,
    predicate: (query) => query.queryKey[1] !== communityKeys.aiModels[1],
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.badges });
}

/**
 * The community's share of the page's one live stream (lib/live-events.ts) while the page is open: each event
 * changes the cache, and a reconnect refetches what the page shows.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useLiveEventStream({
    onEvent: (event) => applyLiveEvent(queryClient, event),
    onReconnect: () => refetchAfterReconnect(queryClient),
  });
}
