import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityPost, LikeResponse } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';
import { type PostPages, updatePostIn } from './get-posts.ts';

/** `PUT /api/community/posts/{id}/like`: toggles the viewer's like; answers the new count. */
export function toggleLike(postId: number): Promise<LikeResponse> {
  return answerOf(api.community.posts[':id'].like.$put({ param: { id: String(postId) } }));
}

/**
 * Optimistic: the heart and the count flip at the tap, then take the server's `likes` and `liked`. A failure
 * puts the post back as it was.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: CommunityPost) => toggleLike(post.id),
    onMutate: async (post) => {
      await queryClient.cancelQueries({ queryKey: communityKeys.posts });
      queryClient.setQueryData<PostPages>(communityKeys.posts, (pages) =>
        updatePostIn(pages, post.id, (current) => ({
          ...current,
          liked: !current.liked,
          likes: Math.max(0, current.likes + (current.liked ? -1 : 1)),
        })),
      );
    },
    onSuccess: (answer, post) => {
      queryClient.setQueryData<PostPages>(communityKeys.posts, (pages) =>
        updatePostIn(pages, post.id, (current) => ({ ...current, likes: answer.likes, liked: answer.liked })),
      );
      void queryClient.invalidateQueries({ queryKey: communityKeys.stats });
    },
    onError: (_error, post) => {
      queryClient.setQueryData<PostPages>(communityKeys.posts, (pages) =>
        updatePostIn(pages, post.id, (current) => ({ ...current, liked: post.liked, likes: post.likes })),
      );
    },
  });
}
