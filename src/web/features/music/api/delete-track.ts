import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Track } from '#shared/music.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { tracksQueryKey } from './get-tracks.ts';

/** `DELETE /api/music/tracks/{id}`. */
export async function deleteTrack(id: number): Promise<void> {
  await answerOf(api.music.tracks[':id'].$delete({ param: { id: String(id) } }));
}

/** The track leaves the list once the server has agreed; the list reloads either way. */
export function useDeleteTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (track: Track) => deleteTrack(track.id),
    onSuccess: (_answer, track) => {
      queryClient.setQueryData<Track[]>(tracksQueryKey, (tracks) => tracks?.filter((t) => t.id !== track.id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tracksQueryKey }),
  });
}
