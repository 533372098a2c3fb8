import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiProviders } from '#server/providers/ai-providers.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import {
  type AvatarGenerateResponse,
  type AvatarStatusResponse,
  avatarGenerateResponseSchema,
  avatarStatusResponseSchema,
  setAvatarResponseSchema,
} from '#shared/profile.ts';
import { signInMember } from '#tests/factories/members.ts';
import { FAKE_FAL_KEY, type FakeFalServer, startFakeFalServer } from '#tests/fakes/fal-server.ts';
import { buildTestApp, type TestApp, testAiConfig } from '#tests/setup/test-app.ts';
import { chooseAvatarModel } from './avatar-generation.service.ts';

/*
 * `POST /api/profile/avatar-generate` and `GET /api/profile/avatar-status` against the local fal queue: ready at
 * once, pending then ready, failed; the jobs are the member's own; the image is then copied with set-avatar
 * (the fake's file host is allowed by this app's `media.outbound`, as UNSAFE_OUTBOUND_ALLOW would).
 */

let fal: FakeFalServer;
let t: TestApp;
/** Nothing configured, and one AI call a minute. */
let bare: TestApp;

beforeAll(async () => {
  fal = await startFakeFalServer();
  [t, bare] = await Promise.all([
    buildTestApp({
      ai: { fal: { apiKey: FAKE_FAL_KEY, queueUrl: fal.queueUrl, baseUrl: fal.origin } },
      media: { outbound: { extraAllowed: ['127.0.0.1'], extraPorts: [fal.port] } },
    }),
    buildTestApp({ ai: { rateLimitPerMinute: 1 } }),
  ]);
});
beforeEach(() => fal.reset());
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close(), fal?.close()]);
});

async function generate(app: TestApp, cookie: string, prompt: string) {
  return app.request('/api/profile/avatar-generate', { method: 'POST', cookie, body: { prompt } });
}

async function generateOk(cookie: string, prompt: string): Promise<AvatarGenerateResponse> {
  const response = await generate(t, cookie, prompt);
  expect(response.status, await response.clone().text()).toBe(200);
  return avatarGenerateResponseSchema.parse(await response.json());
}

async function status(cookie: string, jobId: string) {
  return t.request(`/api/profile/avatar-status?jobId=${encodeURIComponent(jobId)}`, { cookie });
}

/** Polls as the settings page does (bounded), until the job is no longer pending. */
async function pollUntilSettled(cookie: string, jobId: string): Promise<AvatarStatusResponse[]> {
  const seen: AvatarStatusResponse[] = [];
  const giveUpAt = Date.now() + 30_000;
  while (Date.now() < giveUpAt) {
    const response = await status(cookie, jobId);
    expect(response.status).toBe(200);
    const answer = avatarStatusResponseSchema.parse(await response.json());
    seen.push(answer);
    if (answer.status !== 'pending') return seen;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} still pending after 30 s`);
}

describe('POST /api/profile/avatar-generate', () => {
  it('answers ready with the image when fal is quick, and set-avatar keeps a copy of it', async () => {
    fal.setStatusSteps({ queued: 0, inProgress: 0 });
    const { cookie, user } = await signInMember(t);
    const answer = await generateOk(cookie, 'A cartoon avatar of Nova, pastel colours');
    expect(answer).toMatchObject({ status: 'ready', error: null });
    expect(answer.url).toMatch(new RegExp(`^${fal.origin}/files/.+\\.png$`));
    expect(answer.jobId).toEqual(expect.any(String));

    const [submit] = fal.submitRequests();
    expect(submit?.path).toBe('/fal-ai/flux/schnell');
    expect(submit?.body).toMatchObject({ prompt: 'A cartoon avatar of Nova, pastel colours' });

    const saved = await t.request('/api/profile/set-avatar', {
      method: 'POST',
      cookie,
      body: { url: answer.url },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { avatar_url } = setAvatarResponseSchema.parse(await saved.json());
    expect(avatar_url).toMatch(new RegExp(`^/api/avatars/${user.id}/`));
    const image = await t.request(avatar_url ?? '', { cookie });
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('answers pending with a jobId, then the status turns ready with the url', async () => {
    fal.setStatusSteps({ queued: 1, inProgress: 1 });
    const { cookie } = await signInMember(t);
    const answer = await generateOk(cookie, 'A stage diva avatar with sequins');
    expect(answer).toMatchObject({ status: 'pending', url: null, error: null });
    const seen = await pollUntilSettled(cookie, answer.jobId ?? '');
    expect(seen.at(-1)).toEqual({
      status: 'ready',
      url: expect.stringMatching(new RegExp(`^${fal.origin}/files/.+\\.png$`)),
      error: null,
    });
    expect(fal.statusRequests().length).toBeGreaterThanOrEqual(3);
  }, 40_000);

  it('reports a failed generation with its error', async () => {
    fal.setStatusSteps({ queued: 0, inProgress: 0 });
    const { cookie } = await signInMember(t);
    const answer = await generateOk(cookie, 'Parrot pals avatar [fail]');
    const settled =
      answer.status === 'pending' ? (await pollUntilSettled(cookie, answer.jobId ?? '')).at(-1) : answer;
    expect(settled).toMatchObject({ status: 'failed', url: null, error: expect.any(String) });
    expect(settled?.error).not.toBe('');
  }, 40_000);

  it('keeps a member’s jobs their own: another member polling the job gets 404', async () => {
    fal.setStatusSteps({ queued: 5, inProgress: 5 });
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const answer = await generateOk(owner.cookie, 'A cartoon avatar of Ada');
    expect((await status(other.cookie, answer.jobId ?? '')).status).toBe(404);
    expect((await status(owner.cookie, answer.jobId ?? '')).status).toBe(200);
    expect((await status(owner.cookie, 'not-a-job')).status).toBe(404);
  });

  it('refuses an empty or overlong prompt before any provider is called', async () => {
    const { cookie } = await signInMember(t);
    for (const prompt of ['   ', 'p'.repeat(4_001)]) {
      const refused = await generate(t, cookie, prompt);
      expect(refused.status).toBe(400);
      expect(Object.keys(apiErrorBodySchema.parse(await refused.json()).error.fields ?? {})).toEqual([
        'prompt',
      ]);
    }
    expect(fal.submitRequests()).toEqual([]);
    expect((await t.request('/api/profile/avatar-status', { cookie })).status).toBe(400);
  });

  it('answers 503 naming FAL_KEY when no image provider is configured, and counts against the AI limit', async () => {
    const { cookie } = await signInMember(bare);
    const first = await generate(bare, cookie, 'A cartoon avatar');
    expect(first.status).toBe(503);
    const error = apiErrorBodySchema.parse(await first.json()).error;
    expect(error).toMatchObject({ code: 'provider_not_configured' });
    expect(error.message).toContain('FAL_KEY');
    const second = await generate(bare, cookie, 'A cartoon avatar');
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('chooseAvatarModel', () => {
  const configured = (keys: { fal?: string; openrouter?: string; straico?: string }) => {
    const base = testAiConfig();
    return createAiProviders({
      ...base,
      fal: { ...base.fal, apiKey: keys.fal },
      openRouter: { ...base.openRouter, apiKey: keys.openrouter },
      straico: { ...base.straico, apiKey: keys.straico },
    });
  };

  it('prefers fal, then OpenRouter, then Straico', () => {
    expect(chooseAvatarModel(configured({ fal: 'k', openrouter: 'k', straico: 'k' }))).toEqual({
      provider: 'fal',
      model: 'fal-ai/flux/schnell',
    });
    expect(chooseAvatarModel(configured({ openrouter: 'k', straico: 'k' }))).toEqual({
      provider: 'openrouter',
      model: 'google/gemini-2.5-flash-image',
    });
    expect(chooseAvatarModel(configured({ straico: 'k' }))).toEqual({
      provider: 'straico',
      model: 'openai/dall-e-3',
    });
    expect(() => chooseAvatarModel(configured({}))).toThrow(/FAL_KEY/);
  });
});
