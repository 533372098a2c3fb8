import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityComment } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';
import { type PostPages, updatePostIn } from './get-posts.ts';

export type CreateCommentInput = { postId: number; body: string };

/** `POST /api/community/posts/{id}/comments {body}`: answers the stored comment. */
export function createComment({ postId, body }: CreateCommentInput): Promise<CommunityComment> {
  return answerOf(
    api.community.posts[':id'].comments.$post({ param: { id: String(postId) }, json: { body } }),
  );
}

/**
 * The comment joins the thread at once and the post's count follows. The thread holds every comment, so its
 * length is the count; a live event that already counted this comment is not counted twice.
 */
export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: (comment, { postId }) => {
      const comments = queryClient.setQueryData<CommunityComment[]>(communityKeys.comments(postId), (list) =>
        !list || list.some((c) => c.id === comment.id) ? list : [...list, comment],
      );
      const known = comments?.length ?? 0;
      queryClient.setQueryData<PostPages>(communityKeys.posts, (pages) =>
        updatePostIn(pages, postId, (post) => ({
          ...post,
          comments_count: Math.max(post.comments_count, known),
        })),
      );
      return queryClient.invalidateQueries({ queryKey: communityKeys.comments(postId) });
    },
  });
}
