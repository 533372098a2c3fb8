import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityComment } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

export type MarkHelpfulInput = { comment: CommunityComment; helpful: boolean };

/** `PUT /api/community/comments/{id}/helpful {helpful}`: the post's author marks a comment helpful, or not. */
export async function markHelpful({ comment, helpful }: MarkHelpfulInput): Promise<void> {
  await answerOf(
    api.community.comments[':id'].helpful.$put({ param: { id: String(comment.id) }, json: { helpful } }),
  );
}

export function useMarkHelpful() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markHelpful,
    onSuccess: (_answer, { comment, helpful }) => {
      queryClient.setQueryData<CommunityComment[]>(communityKeys.comments(comment.post_id), (comments) =>
        comments?.map((c) => (c.id === comment.id ? { ...c, helpful } : c)),
      );
    },
    onSettled: (_answer, _error, { comment }) =>
      queryClient.invalidateQueries({ queryKey: communityKeys.comments(comment.post_id) }),
  });
}
