import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Track } from '#shared/music.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { tracksQueryKey } from './get-tracks.ts';

/** `POST /api/music/add-embed`: the server reads the link or embed code and answers the stored track. */
export function addTrack(input: string): Promise<Track> {
  return answerOf(api.music['add-embed'].$post({ json: { input } }));
}

/** After a track is added the list reloads, and the badges too: the first track earns Playlist Princess. */
export function useAddTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTrack,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tracksQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.badges }),
      ]);
    },
  });
}
