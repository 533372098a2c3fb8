import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';
import type { PostPages } from './get-posts.ts';

/** `DELETE /api/community/posts/{id}` (author only). */
export async function deletePost(id: number): Promise<void> {
  await answerOf(api.community.posts[':id'].$delete({ param: { id: String(id) } }));
}

/** The post leaves the list once the server agreed; the list and the stats reload either way. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<PostPages>(communityKeys.posts, (pages) =>
        pages
          ? {
              ...pages,
              pages: pages.pages.map((page) => ({ ...page, posts: page.posts.filter((p) => p.id !== id) })),
            }
          : pages,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.posts }),
        queryClient.invalidateQueries({ queryKey: communityKeys.stats }),
      ]),
  });
}
