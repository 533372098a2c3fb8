import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

export type SetPostHiddenInput = { postId: number; hidden: boolean };

/** `PUT /api/community/posts/{id}/hidden {hidden}` (operators only): hides a post from everyone, or restores it. */
export async function setPostHidden({ postId, hidden }: SetPostHiddenInput): Promise<void> {
  await answerOf(api.community.posts[':id'].hidden.$put({ param: { id: String(postId) }, json: { hidden } }));
}

export function useSetPostHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPostHidden,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.reports }),
        queryClient.invalidateQueries({ queryKey: communityKeys.posts }),
        queryClient.invalidateQueries({ queryKey: communityKeys.stats }),
      ]),
  });
}
