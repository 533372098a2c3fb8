import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_READY_EVENT, type LiveEvent, type LiveEventType, liveEventSchemas } from '#shared/events.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { communityKeys } from '../api/community-query-keys.ts';
import { type PostPages, updatePostIn } from '../api/get-posts.ts';

/** The stream every open community page listens to (server-sent events). */
export const LIVE_EVENTS_PATH = api.events.$path();

const eventTypes = Object.keys(liveEventSchemas) as LiveEventType[];
/** The first frame of every connection (events.routes.ts): the subscription is live. */

/** Reads one frame into a typed event; anything else (a future event, a broken frame) is ignored. */
export function parseLiveEvent(type: string, data: string): LiveEvent | null {
  if (!Object.hasOwn(liveEventSchemas, type)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveEventSchemas[type as LiveEventType].safeParse(json);
  return parsed.success ? ({ type, data: parsed.data } as LiveEvent) : null;
}

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
 * One `EventSource` on `/api/events` while the page is open, closed on unmount. Reconnecting is the browser's
 * own (EventSource retries by itself); each connection starts with a `ready` event, and every `ready` after the
 * first means events may have been missed. Where EventSource does not exist (old browsers, jsdom) the page
 * still works, only without live updates.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_EVENTS_PATH);
    const listener = (message: Event) => {
      if (!(message instanceof MessageEvent) || typeof message.data !== 'string') return;
      const event = parseLiveEvent(message.type, message.data);
      if (event) applyLiveEvent(queryClient, event);
    };
    let connections = 0;
    const onReady = () => {
      connections += 1;
      if (connections > 1) refetchAfterReconnect(queryClient);
    };
    source.addEventListener(LIVE_READY_EVENT, onReady);
    for (const type of eventTypes) source.addEventListener(type, listener);
    return () => {
      source.removeEventListener(LIVE_READY_EVENT, onReady);
      for (const type of eventTypes) source.removeEventListener(type, listener);
      source.close();
    };
  }, [queryClient]);
}
