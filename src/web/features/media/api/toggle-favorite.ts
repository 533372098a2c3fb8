import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '#shared/media.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { changeMediaItem, restoreMedia, snapshotMedia } from './media-cache.ts';
import { mediaKeys } from './media-query-keys.ts';

/** `PUT /api/media/{id}/favorite`: toggles the favorite mark; answers the item as it now is. */
export async function toggleFavorite(itemId: number): Promise<boolean> {
  const answer = await answerOf(api.media[':id'].favorite.$put({ param: { id: String(itemId) } }));
  return answer.is_favorite;
}

/**
 * Optimistic: the heart flips at the tap and takes the server's answer after; a refusal puts it back. The lists
 * are read again afterwards, so the Favorites filter drops an item that is no longer one.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: MediaItem) => toggleFavorite(item.id),
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey: mediaKeys.all });
      const snapshot = snapshotMedia(queryClient);
      changeMediaItem(queryClient, item.id, (current) => ({ ...current, is_favorite: !item.is_favorite }));
      return { snapshot };
    },
    onSuccess: (isFavorite, item) => {
      changeMediaItem(queryClient, item.id, (current) => ({ ...current, is_favorite: isFavorite }));
    },
    onError: (_error, _item, context) => {
      if (context) restoreMedia(queryClient, context.snapshot);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}
