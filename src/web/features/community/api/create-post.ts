import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePostRequest } from '#shared/community.ts';
import { apiRequest } from '#web/app/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

/** `POST /api/community/posts {title, body, lang, aiHelpers?}`. The answer is not needed: the list reloads. */
export function createPost(input: CreatePostRequest): Promise<void> {
  return apiRequest('/api/community/posts', { method: 'POST', body: input });
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
