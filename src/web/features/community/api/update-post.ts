import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePostRequest } from '#shared/community.ts';
import { apiRequest } from '#web/app/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

export type UpdatePostInput = UpdatePostRequest & { id: number };

/** `PUT /api/community/posts/{id} {title?, body?, lang?, aiHelpers?}` (ours: the spec hides the edit call). */
export function updatePost({ id, ...changes }: UpdatePostInput): Promise<void> {
  return apiRequest(`/api/community/posts/${id}`, { method: 'PUT', body: changes });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts }),
  });
}
