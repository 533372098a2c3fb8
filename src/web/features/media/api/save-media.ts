import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerationAnswer } from '#shared/generation.ts';
import type { MediaCreate, MediaItem } from '#shared/media.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { mediaKeys } from './media-query-keys.ts';

/** `POST /api/media`: the server copies the file into its own store and answers the item. */
export function saveMedia(body: MediaCreate): Promise<MediaItem> {
  return answerOf(api.media.$post({ json: body }));
}

const TITLE_WORDS_MAX = 80;

/** The gallery title of a generation: its prompt, cut at a word to about 80 characters. */
export function titleFromPrompt(prompt: string): string {
  const text = prompt.trim().replace(/\s+/g, ' ');
  if (text.length <= TITLE_WORDS_MAX) return text;
  const cut = text.slice(0, TITLE_WORDS_MAX);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > TITLE_WORDS_MAX / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export type SavableGeneration = Pick<
  GenerationAnswer,
  'jobId' | 'status' | 'media_type' | 'urls' | 'prompt' | 'model'
>;

/**
 * Saves every output of a finished generation to the gallery as soon as it is ready, and answers the saved
 * items (Lumara's stored copies, which outlive the provider's links). A query rather than a mutation on
 * purpose: saving is idempotent on the server (the same URL answers the item it already saved), so it may run
 * whenever the result shows, once per job thanks to the cache, retried like any read when the network fails,
 * with no effect to trigger it.
 */
export function useSavedOutputs(generation: SavableGeneration) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: mediaKeys.saved(generation.jobId),
    queryFn: async () => {
      const items = await Promise.all(
        generation.urls.map((url) =>
          saveMedia({
            media_type: generation.media_type,
            media_url: url,
            prompt: generation.prompt,
            model_id: generation.model,
            title: titleFromPrompt(generation.prompt),
          }),
        ),
      );
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      return items;
    },
    enabled: generation.status === 'ready' && generation.urls.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
