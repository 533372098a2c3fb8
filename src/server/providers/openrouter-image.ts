import { z } from 'zod';
import { withoutTrailingSlashes } from '#server/lib/data/trailing-slashes.ts';
import { providerFailed } from './provider-errors.ts';
import { providerFetch } from './provider-fetch.ts';

/**
 * Images through OpenRouter's chat completions: `modalities` asks for image output,
 * `image_config.aspect_ratio` for its shape, and the images come back in the assistant message as URLs, usually
 * `data:image/png;base64,…`. Called by hand (providerFetch) rather than through the openai SDK, whose types know
 * neither `modalities: ["image"]` nor `message.images`.
 */
export type OpenRouterImageAspectRatio = '1:1' | '16:9' | '9:16';

export type OpenRouterImages = {
  /** The image URLs the model answered (data URIs or http(s) links), at least one. */
  generate(
    request: { model: string; prompt: string; aspectRatio: OpenRouterImageAspectRatio },
    call: {
      timeoutMs: number;
      signal?: AbortSignal;
      /** The largest answer read: the images arrive base64-encoded inside the JSON. */
      maxResponseBytes: number;
    },
  ): Promise<string[]>;
};

/**
 * Image-only models refuse `["image", "text"]`; the model families known to answer with an
 * image and no text are asked for `["image"]`.
 */
const imageOnlyModelPrefixes = ['black-forest-labs/', 'sourceful/'];

export function outputModalitiesOf(model: string): string[] {
  return imageOnlyModelPrefixes.some((prefix) => model.startsWith(prefix)) ? ['image'] : ['image', 'text'];
}

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({
          content: z.string().nullish(),
          images: z.array(z.object({ image_url: z.object({ url: z.string().min(1) }) })).nullish(),
        }),
      }),
    )
    .min(1),
});
const errorBodySchema = z.object({ error: z.object({ message: z.string() }) });

export function createOpenRouterImages(options: {
  baseUrl: string;
  apiKey: string;
  maxRetries: number;
  defaultHeaders?: Record<string, string>;
}): OpenRouterImages {
  const url = `${withoutTrailingSlashes(options.baseUrl)}/chat/completions`;

  return {
    async generate(request, call) {
      const response = await providerFetch(
        url,
        {
          method: 'POST',
          headers: {
            ...options.defaultHeaders,
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            model: request.model,
            messages: [{ role: 'user', content: request.prompt }],
            modalities: outputModalitiesOf(request.model),
            image_config: { aspect_ratio: request.aspectRatio },
          }),
        },
        {
          provider: 'openrouter',
          timeoutMs: call.timeoutMs,
          maxRetries: options.maxRetries,
          signal: call.signal,
        },
      );
      const text = await readCapped(response, call.maxResponseBytes).catch((error: unknown) => {
        // A body cut short by the caller's abort is the caller stopping, not OpenRouter failing.
        call.signal?.throwIfAborted();
        throw error;
      });
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw providerFailed('openrouter', 'sent an answer Lumara could not read');
      }
      // A 200 can still carry a failure: an error body, or a choice that ended in error.
      const failure = errorBodySchema.safeParse(body);
      if (failure.success) throw providerFailed('openrouter', failure.data.error.message);
      const completion = completionSchema.safeParse(body);
      if (!completion.success) throw providerFailed('openrouter', 'sent an answer Lumara could not read');
      const choice = completion.data.choices[0];
      if (choice?.finish_reason === 'error')
        throw providerFailed('openrouter', 'the model failed mid-answer');
      const images = (choice?.message.images ?? []).map((image) => image.image_url.url);
      if (images.length === 0) {
        // A text-only answer is usually the model declining; its words are the best reason there is.
        const said = choice?.message.content?.trim();
        throw providerFailed(
          'openrouter',
          said ? `answered without an image: ${said}` : 'answered without an image',
        );
      }
      return images;
    },
  };
}

/** The body as text, refusing one larger than `maxBytes` instead of holding it all in memory. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw providerFailed('openrouter', 'sent an image larger than Lumara accepts');
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw providerFailed('openrouter', 'cut its answer short');
    }
    if (chunk.done) break;
    received += chunk.value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw providerFailed('openrouter', 'sent an image larger than Lumara accepts');
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}
