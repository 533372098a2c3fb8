import { z } from 'zod';
import { EMBED_LIMITS } from './embeds.ts';
import { reason } from './texts.ts';

/**
 * The music library: Suno songs a member keeps, each shown through its
 * embed. What a pasted link or embed code may be is `parseSunoInput` in `embeds.ts`.
 */

/** `POST /api/music/add-embed`. The input is read by `parseSunoInput` on the server. */
export const addTrackRequestSchema = z
  .object({
    input: z
      .string()
      .trim()
      .min(1, reason('shared.music.pasteSunoLink'))
      .max(EMBED_LIMITS.inputMax, reason('shared.limits.atMostCharacters', { max: EMBED_LIMITS.inputMax })),
  })
  .strict();

/** A track of the music library. `embed_src` is null when there is none to show ('No embed available'). */
export const trackSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    suno_url: z.string(),
    embed_src: z.string().nullable(),
  })
  .meta({ id: 'Track' });
export type Track = z.infer<typeof trackSchema>;
export const trackListSchema = z.array(trackSchema);
