import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityComment } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

/** `GET /api/community/posts/{id}/comments`: oldest first. */
export function getComments(postId: number, signal?: AbortSignal): Promise<CommunityComment[]> {
  return answerOf(
    api.community.posts[':id'].comments.$get({ param: { id: String(postId) } }, { init: { signal } }),
  );
}

export function commentsQueryOptions(postId: number) {
  return queryOptions({
    queryKey: communityKeys.comments(postId),
    queryFn: ({ signal }) => getComments(postId, signal),
  });
}

export function useComments(postId: number) {
  return useQuery(commentsQueryOptions(postId));
}
