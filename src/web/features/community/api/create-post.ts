import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePostRequest } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

/** `POST /api/community/posts {title, body, lang, aiHelpers?}`. The answer is not needed: the list reloads. */
export async function createPost(input: CreatePostRequest): Promise<void> {
  await answerOf(api.community.posts.$post({ json: input }));
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.posts }),
        queryClient.invalidateQueries({ queryKey: communityKeys.stats }),
      ]),
  });
}
