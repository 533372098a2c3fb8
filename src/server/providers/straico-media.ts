import { z } from 'zod';
import { withoutTrailingSlashes } from '#server/lib/data/trailing-slashes.ts';
import { providerFailed } from './provider-errors.ts';
import { providerFetch } from './provider-fetch.ts';

/**
 * Straico's media calls: image generation, image/text to video, text to speech. Each is one
 * long synchronous request answering 201 with the `{success, data}` envelope and temporary file URLs, so the
 * caller gives each call the time its job has left rather than the chat timeout. Failures arrive as
 * `{success: false, error}` (or any status providerFetch reads).
 */
export type StraicoShape = 'square' | 'landscape' | 'portrait';

export type StraicoMediaCall = {
  /** The whole call's deadline (504 `provider_timeout`), over every retry. */
  timeoutMs: number;
  signal?: AbortSignal;
};

export type StraicoMedia = {
  /** The image URLs (one variation). */
  image(
    request: { model: string; prompt: string; size: StraicoShape },
    call: StraicoMediaCall,
  ): Promise<string[]>;
  /** The video URLs; `imageUrl` is the still to start from, when the member gave one. */
  video(
    request: { model: string; prompt: string; size: StraicoShape; duration: number; imageUrl?: string },
    call: StraicoMediaCall,
  ): Promise<string[]>;
  /** The audio file's URL. */
  speech(request: { model: string; text: string; voiceId?: string }, call: StraicoMediaCall): Promise<string>;
};

/**
 * ElevenLabs' premade voice "Rachel", the voice ElevenLabs and fal document as their default
 * (`GET /v1/tts/elevenlabslist` lists the others).
 */
export const DEFAULT_STRAICO_VOICE_ID = '21m00Tcm4TlvDq8ikWAM';

const envelopeSchema = z.object({ success: z.literal(true), data: z.unknown() });
const urlList = z.array(z.string().min(1)).min(1);
const imageDataSchema = z.object({ images: urlList });
const videoDataSchema = z.object({ video: urlList });
const speechDataSchema = z.object({ audio: z.string().min(1) });

export function createStraicoMedia(options: {
  baseUrl: string;
  apiKey: string;
  maxRetries: number;
}): StraicoMedia {
  // Appended, not resolved: a base URL with a path (a proxy in front of Straico) keeps it.
  const base = withoutTrailingSlashes(options.baseUrl);
  const authorization = `Bearer ${options.apiKey}`;

  async function post(
    path: string,
    body: string,
    contentType: string,
    call: StraicoMediaCall,
  ): Promise<unknown> {
    const response = await providerFetch(
      `${base}${path}`,
      {
        method: 'POST',
        headers: { authorization, 'content-type': contentType, accept: 'application/json' },
        body,
      },
      { provider: 'straico', timeoutMs: call.timeoutMs, maxRetries: options.maxRetries, signal: call.signal },
    );
    const answer: unknown = await response.json().catch(() => undefined);
    // A body cut short by the caller's abort is the caller stopping, not Straico failing.
    call.signal?.throwIfAborted();
    const envelope = envelopeSchema.safeParse(answer);
    if (!envelope.success) {
      const error = (answer as { error?: unknown; message?: unknown } | undefined) ?? {};
      const reason = typeof error.error === 'string' ? error.error : error.message;
      throw providerFailed(
        'straico',
        typeof reason === 'string' ? reason : 'sent an answer Lumara could not read',
      );
    }
    return envelope.data.data;
  }

  function dataOf<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw providerFailed('straico', `answered without ${what}`);
    return parsed.data;
  }

  return {
    async image(request, call) {
      const data = await post(
        '/v0/image/generation',
        JSON.stringify({
          model: request.model,
          description: request.prompt,
          size: request.size,
          variations: 1,
        }),
        'application/json',
        call,
      );
      return dataOf(imageDataSchema, data, 'an image').images;
    },
    async video(request, call) {
      const data = await post(
        '/v1/image/tovideo',
        JSON.stringify({
          model: request.model,
          description: request.prompt,
          size: request.size,
          duration: request.duration,
          ...(request.imageUrl ? { image_url: request.imageUrl } : {}),
        }),
        'application/json',
        call,
      );
      return dataOf(videoDataSchema, data, 'a video').video;
    },
    async speech(request, call) {
      const form = new URLSearchParams({
        model: request.model,
        text: request.text,
        voice_id: request.voiceId ?? DEFAULT_STRAICO_VOICE_ID,
      });
      const data = await post('/v1/tts/create', form.toString(), 'application/x-www-form-urlencoded', call);
      return dataOf(speechDataSchema, data, 'audio').audio;
    },
  };
}
