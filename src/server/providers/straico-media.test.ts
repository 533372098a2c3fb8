import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_STRAICO_API_KEY,
  type FakeStraicoServer,
  startFakeStraicoServer,
} from '#tests/fakes/straico-server.ts';
import { failureOf } from '#tests/setup/failure-of.ts';
import { createStraicoMedia, DEFAULT_STRAICO_VOICE_ID } from './straico-media.ts';

/** Straico's image, video and speech calls against the local fake (tests/fakes/straico-server.ts). */

let straico: FakeStraicoServer;
beforeAll(async () => {
  straico = await startFakeStraicoServer({ slowMs: 300 });
});
afterAll(() => straico.close());
beforeEach(() => straico.reset());

const media = (apiKey = FAKE_STRAICO_API_KEY) =>
  createStraicoMedia({ baseUrl: straico.baseUrl, apiKey, maxRetries: 1 });
const call = { timeoutMs: 5_000 };

describe('answers', () => {
  it('makes one image from the description, in the shape asked for', async () => {
    const urls = await media().image(
      { model: 'openai/dall-e-3', prompt: 'a parrot', size: 'landscape' },
      call,
    );
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(new RegExp(`^${straico.baseUrl}/files/.+/image-0\\.png$`));
    const [request] = straico.imageRequests();
    expect(request?.headers.authorization).toBe(`Bearer ${FAKE_STRAICO_API_KEY}`);
    expect(request?.body).toEqual({
      model: 'openai/dall-e-3',
      description: 'a parrot',
      size: 'landscape',
      variations: 1,
    });
  });

  it('makes a video, sending the still to start from only when there is one', async () => {
    const urls = await media().video(
      {
        model: 'kling/v2.1',
        prompt: 'waves',
        size: 'portrait',
        duration: 4,
        imageUrl: 'https://example.com/a.png',
      },
      call,
    );
    expect(urls[0]).toMatch(/\/video\.mp4$/);
    await media().video({ model: 'kling/v2.1', prompt: 'waves', size: 'square', duration: 6 }, call);
    const [withStill, without] = straico.videoRequests();
    expect(withStill?.body).toEqual({
      model: 'kling/v2.1',
      description: 'waves',
      size: 'portrait',
      duration: 4,
      image_url: 'https://example.com/a.png',
    });
    expect(without?.body).not.toHaveProperty('image_url');
  });

  it('speaks text as a form with the default voice', async () => {
    const url = await media().speech({ model: 'eleven_multilingual_v2', text: 'Hello there' }, call);
    expect(url).toMatch(/\/speech\.mp3$/);
    const [request] = straico.speechRequests();
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.body).toEqual({
      model: 'eleven_multilingual_v2',
      text: 'Hello there',
      voice_id: DEFAULT_STRAICO_VOICE_ID,
    });
  });
});

describe('failures', () => {
  it("reports Straico's own reason for an error status, after its retries", async () => {
    const error = await failureOf(media().image({ model: 'm', prompt: 'a [fail]', size: 'square' }, call));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('Straico: Internal server error');
    expect(straico.imageRequests()).toHaveLength(2);
  });

  it('reports a refused key', async () => {
    const error = await failureOf(
      media('wrong').image({ model: 'm', prompt: 'a cat', size: 'square' }, call),
    );
    expect(error.message).toBe('Straico: Invalid API key');
  });

  it('reads success: false in a 201 as a failure with its reason', async () => {
    const error = await failureOf(media().speech({ model: 'm', text: '[unsuccessful]' }, call));
    expect(error.message).toBe('Straico: Not enough coins');
  });

  it('calls a page that is not JSON a failure, not a crash', async () => {
    const error = await failureOf(
      media().video({ model: 'm', prompt: '[garbage]', size: 'square', duration: 4 }, call),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('Straico: sent an answer Lumara could not read');
  });

  it('gives up at the deadline it was given', async () => {
    // The fake never answers '[hang]': failing at all is the deadline at work.
    const error = await failureOf(
      media().image({ model: 'm', prompt: '[hang]', size: 'square' }, { timeoutMs: 300 }),
    );
    expect(error.code).toBe('provider_timeout');
  });

  it('waits for a slow answer within its deadline', async () => {
    const urls = await media().image({ model: 'm', prompt: '[slow] a cat', size: 'square' }, call);
    expect(urls).toHaveLength(1);
  });

  it("passes the caller's abort through as it is", async () => {
    const controller = new AbortController();
    const work = media().image(
      { model: 'm', prompt: '[hang]', size: 'square' },
      { timeoutMs: 5_000, signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error('stopped')), 50);
    await expect(work).rejects.toThrow('stopped');
  });
});
