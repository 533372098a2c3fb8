import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/http/errors.ts';
import { startTestServer } from '#tests/fakes/canary-server.ts';
import { FAKE_FAL_KEY, type FakeFalServer, startFakeFalServer } from '#tests/fakes/fal-server.ts';
import { buildTestApp, testAiConfig } from '#tests/setup/test-app.ts';
import { createAiProviders } from './ai-providers.ts';
import { createFalQueue } from './fal-queue.ts';

/** fal.ai's queue client against the local fake (tests/fakes): submit, poll, result, failures, deadline. */

let fal: FakeFalServer;
beforeAll(async () => {
  fal = await startFakeFalServer();
});
afterAll(() => fal.close());
beforeEach(() => fal.reset());

function falQueue(overrides: { apiKey?: string; timeoutMs?: number; maxRetries?: number } = {}) {
  return createFalQueue({
    queueUrl: fal.queueUrl,
    apiKey: overrides.apiKey ?? FAKE_FAL_KEY,
    timeoutMs: overrides.timeoutMs ?? 5_000,
    maxRetries: overrides.maxRetries ?? 1,
  });
}

/** The AppError a call failed with, checked for its code and status. */
async function failureOf(work: Promise<unknown>, code: AppError['code'], status: number): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const failure = error as AppError;
  expect(failure.code).toBe(code);
  expect(failure.status).toBe(status);
  return failure;
}

describe('run', () => {
  it('submits an image job, polls until COMPLETED and answers the output JSON directly', async () => {
    const output = await falQueue().run(
      'fal-ai/flux/schnell',
      { prompt: 'a red fox', image_size: 'square_hd' },
      { pollMs: 5 },
    );

    expect(output).toMatchObject({
      images: [{ width: 1024, height: 768, content_type: 'image/png' }],
      seed: 123456,
      prompt: 'a red fox',
    });
    const [submit] = fal.submitRequests();
    expect(submit?.path).toBe('/fal-ai/flux/schnell');
    expect(submit?.headers.authorization).toBe(`Key ${FAKE_FAL_KEY}`);
    expect(submit?.body).toEqual({ prompt: 'a red fox', image_size: 'square_hd' });
    // IN_QUEUE, IN_PROGRESS, COMPLETED: three polls, then one result fetch.
    expect(fal.statusRequests()).toHaveLength(3);
    expect(fal.resultRequests()).toHaveLength(1);
    for (const request of fal.requests) expect(request.headers.authorization).toBe(`Key ${FAKE_FAL_KEY}`);
  });

  it('answers a video model’s output', async () => {
    fal.setStatusSteps({ queued: 2, inProgress: 3 });
    const output = await falQueue().run(
      'fal-ai/kling-video/v2.1/master/text-to-video',
      { prompt: 'waves at dusk', duration: '5' },
      { pollMs: 5 },
    );

    expect(output).toMatchObject({ video: { content_type: 'video/mp4' } });
    expect(fal.statusRequests()).toHaveLength(6);
  });

  it('polls and fetches the URLs fal answered, which name only owner/app, never the full model id', async () => {
    const queue = falQueue();
    const job = await queue.submit('fal-ai/kling-video/v2.1/master/text-to-video', { prompt: 'a boat' });
    expect(job.statusUrl).toBe(`${fal.origin}/fal-ai/kling-video/requests/${job.requestId}/status`);
    expect(job.responseUrl).toBe(`${fal.origin}/fal-ai/kling-video/requests/${job.requestId}`);
    expect(job.cancelUrl).toBe(`${fal.origin}/fal-ai/kling-video/requests/${job.requestId}/cancel`);

    expect(await queue.status(job)).toEqual({ state: 'queued', queuePosition: 0 });
    expect(await queue.status(job)).toEqual({ state: 'running' });
    expect(await queue.status(job)).toEqual({ state: 'completed' });
    expect(await queue.result(job)).toMatchObject({ video: { file_name: 'output.mp4' } });

    const polled = [...fal.statusRequests(), ...fal.resultRequests()].map((r) => r.path);
    expect(polled).toHaveLength(4);
    for (const path of polled) {
      expect(path.startsWith(`/fal-ai/kling-video/requests/${job.requestId}`)).toBe(true);
      expect(path).not.toContain('v2.1');
    }
  });
});

describe('failures', () => {
  it('reports fal’s validation list as 502 with the field and its reason', async () => {
    const failure = await failureOf(
      falQueue().run('fal-ai/flux/dev', { image_size: 'square' }, { pollMs: 5 }),
      'provider_failed',
      502,
    );
    expect(failure.message).toContain('field required');
    expect(failure.message).toBe('fal.ai: prompt: field required');
    // A 422 is not retried: the input will not get better.
    expect(fal.submitRequests()).toHaveLength(1);
  });

  it('reports a wrong key as 502 with fal’s message, without retrying', async () => {
    const failure = await failureOf(
      falQueue({ apiKey: 'wrong:key' }).run('fal-ai/flux/dev', { prompt: 'a cat' }, { pollMs: 5 }),
      'provider_failed',
      502,
    );
    expect(failure.message).toBe('fal.ai: Invalid key');
    expect(fal.submitRequests()).toHaveLength(1);
  });

  it('reports a failed job’s result as 502 with fal’s message', async () => {
    const failure = await failureOf(
      falQueue().run('fal-ai/flux/dev', { prompt: 'a cat [fail]' }, { pollMs: 5 }),
      'provider_failed',
      502,
    );
    expect(failure.message).toBe('fal.ai: Runner disconnected');
  });

  it('gives up on a job that never completes with 504 and cancels it', async () => {
    const failure = await failureOf(
      falQueue({ timeoutMs: 300 }).run('fal-ai/flux/dev', { prompt: 'a cat [never]' }, { pollMs: 20 }),
      'provider_timeout',
      504,
    );
    expect(failure.message).toBe('fal.ai took too long to answer');
    expect(fal.resultRequests()).toHaveLength(0);
    await until(() => fal.cancelRequests().length === 1);
  });

  it('retries a submit answered 429 and then runs the job', async () => {
    const output = await falQueue().run('fal-ai/flux/dev', { prompt: 'busy [rate-limit]' }, { pollMs: 5 });

    expect(output).toMatchObject({ prompt: 'busy [rate-limit]' });
    expect(fal.submitRequests()).toHaveLength(2);
  });

  it('refuses a model id that is not owner/app before calling fal', async () => {
    await failureOf(falQueue().submit('flux', { prompt: 'x' }), 'bad_request', 400);
    await failureOf(falQueue().submit('fal-ai/../admin', { prompt: 'x' }), 'bad_request', 400);
    expect(fal.submitRequests()).toHaveLength(0);
  });

  it('reports a submit answer without http(s) URLs as 502', async () => {
    const odd = await startTestServer(
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            status: 'IN_QUEUE',
            request_id: 'abc',
            response_url: 'file:///etc/passwd',
            status_url: 'file:///etc/passwd/status',
            cancel_url: 'file:///etc/passwd/cancel',
          }),
        );
      },
      { host: '127.0.0.1' },
    );
    try {
      const queue = createFalQueue({
        queueUrl: odd.origin,
        apiKey: FAKE_FAL_KEY,
        timeoutMs: 5_000,
        maxRetries: 0,
      });
      const failure = await failureOf(
        queue.submit('fal-ai/flux/dev', { prompt: 'x' }),
        'provider_failed',
        502,
      );
      expect(failure.message).toBe('fal.ai: did not accept the job properly');
    } finally {
      await odd.close();
    }
  });
});

describe('cancellation', () => {
  it('passes a member’s abort through as the signal’s reason, while polling', async () => {
    const controller = new AbortController();
    const reason = new Error('member stopped waiting');
    const running = falQueue().run(
      'fal-ai/flux/dev',
      { prompt: 'a cat [never]' },
      { pollMs: 10, signal: controller.signal },
    );
    await until(() => fal.statusRequests().length >= 3);
    controller.abort(reason);

    await expect(running).rejects.toBe(reason);
    await until(() => fal.cancelRequests().length === 1);
  });

  it('passes an abort before submit through unchanged', async () => {
    const controller = new AbortController();
    const reason = new Error('gone');
    controller.abort(reason);
    await expect(
      falQueue().run('fal-ai/flux/dev', { prompt: 'a cat' }, { signal: controller.signal }),
    ).rejects.toBe(reason);
  });
});

describe('the providers registry', () => {
  it('answers 503 naming FAL_KEY when fal is not configured', async () => {
    const t = await buildTestApp();
    try {
      const failure = await failureOf(
        Promise.resolve().then(() => t.ai.falQueue()),
        'provider_not_configured',
        503,
      );
      expect(failure.message).toContain('FAL_KEY');
    } finally {
      await t.close();
    }
  });

  it('builds the queue client once when FAL_KEY is set, pointed at FAL_QUEUE_URL', async () => {
    const ai = createAiProviders({
      ...testAiConfig(),
      fal: { apiKey: FAKE_FAL_KEY, baseUrl: fal.origin, queueUrl: fal.queueUrl },
    });
    const queue = ai.falQueue();
    expect(ai.falQueue()).toBe(queue);
    expect(ai.isConfigured('fal')).toBe(true);
    expect(await queue.run('fal-ai/flux/schnell', { prompt: 'hello' }, { pollMs: 5 })).toMatchObject({
      prompt: 'hello',
    });
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}
