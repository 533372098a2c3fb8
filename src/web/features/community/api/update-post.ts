import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePostRequest } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

export type UpdatePostInput = UpdatePostRequest & { id: number };

/** `PUT /api/community/posts/{id} {title?, body?, lang?, aiHelpers?}` (the post editor's edit). */
export async function updatePost({ id, ...changes }: UpdatePostInput): Promise<void> {
  await answerOf(api.community.posts[':id'].$put({ param: { id: String(id) }, json: changes }));
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts }),
  });
}
