import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '#web/lib/api-client.ts';
import { changeMediaItem } from './media-cache.ts';
import { mediaKeys } from './media-query-keys.ts';

/** `DELETE /api/media/{id}`: the item and its stored file go. */
export async function deleteMedia(itemId: number): Promise<void> {
  await answerOf(api.media[':id'].$delete({ param: { id: String(itemId) } }));
}

/** Once the server confirms, the item leaves every list at once; the lists and counts are read again. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: (_answer, itemId) => {
      changeMediaItem(queryClient, itemId, () => null);
      return queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    },
  });
}
