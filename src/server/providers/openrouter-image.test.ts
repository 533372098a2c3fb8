import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_API_KEY,
  FAKE_IMAGE_DATA_URI,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#tests/fakes/openai-compatible-server.ts';
import { failureOf } from '#tests/setup/failure-of.ts';
import { createOpenRouterImages, outputModalitiesOf } from './openrouter-image.ts';

/** Image output through OpenRouter's chat completions against the local fake. */

let openRouter: FakeOpenAiServer;
beforeAll(async () => {
  openRouter = await startFakeOpenAiServer({ slowMs: 300 });
});
afterAll(() => openRouter.close());
beforeEach(() => openRouter.reset());

const images = () =>
  createOpenRouterImages({
    baseUrl: openRouter.baseUrl,
    apiKey: FAKE_API_KEY,
    maxRetries: 1,
    defaultHeaders: { 'X-Title': 'Lumara' },
  });
const call = { timeoutMs: 5_000, maxResponseBytes: 1024 * 1024 };
const request = { model: 'google/gemini-2.5-flash-image', prompt: 'a parrot', aspectRatio: '16:9' as const };

describe('answers', () => {
  it('asks for image output in the aspect ratio and answers the images of the message', async () => {
    expect(await images().generate(request, call)).toEqual([FAKE_IMAGE_DATA_URI]);
    const [sent] = openRouter.chatRequests();
    expect(sent?.headers.authorization).toBe(`Bearer ${FAKE_API_KEY}`);
    expect(sent?.headers['x-title']).toBe('Lumara');
    expect(sent?.body).toEqual({
      model: 'google/gemini-2.5-flash-image',
      messages: [{ role: 'user', content: 'a parrot' }],
      modalities: ['image', 'text'],
      image_config: { aspect_ratio: '16:9' },
    });
  });

  it('asks image-only models for images alone', async () => {
    expect(outputModalitiesOf('black-forest-labs/flux.2-pro')).toEqual(['image']);
    await images().generate({ ...request, model: 'black-forest-labs/flux.2-pro' }, call);
    expect(openRouter.chatRequests()[0]?.body.modalities).toEqual(['image']);
  });

  it('answers every image, links included', async () => {
    openRouter.enqueue({ kind: 'images', urls: [FAKE_IMAGE_DATA_URI, 'https://cdn.example.com/b.png'] });
    expect(await images().generate(request, call)).toEqual([
      FAKE_IMAGE_DATA_URI,
      'https://cdn.example.com/b.png',
    ]);
  });
});

describe('failures', () => {
  it("reports OpenRouter's message for an error status", async () => {
    const error = await failureOf(images().generate({ ...request, prompt: '[fail]' }, call));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('OpenRouter: Internal Server Error');
  });

  it('calls a page that is not JSON a failure', async () => {
    const error = await failureOf(images().generate({ ...request, prompt: '[garbage]' }, call));
    expect(error.message).toBe('OpenRouter: sent an answer Lumara could not read');
  });

  it('calls an answer without an image a failure, quoting what the model said instead', async () => {
    openRouter.enqueue({ kind: 'images', urls: [], text: 'I cannot draw that.' });
    const error = await failureOf(images().generate(request, call));
    expect(error.message).toBe('OpenRouter: answered without an image: I cannot draw that.');
  });

  it('refuses an answer larger than it may read', async () => {
    const error = await failureOf(images().generate(request, { ...call, maxResponseBytes: 100 }));
    expect(error.message).toBe('OpenRouter: sent an image larger than Lumara accepts');
  });

  it('gives up at its deadline', async () => {
    const error = await failureOf(
      images().generate({ ...request, prompt: '[hang]' }, { ...call, timeoutMs: 300 }),
    );
    expect(error.code).toBe('provider_timeout');
  });

  it('waits for a slow image within its deadline', async () => {
    expect(await images().generate({ ...request, prompt: '[slow]' }, call)).toEqual([FAKE_IMAGE_DATA_URI]);
  });
});
