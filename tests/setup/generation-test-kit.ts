import { expect } from 'vitest';
import { createApp } from '#server/app.ts';
import { createDevIdentityProvider } from '#server/features/auth/dev-identity-provider.ts';
import type { GenerationTimings } from '#server/features/generation/generation.service.ts';
import { createLogger, type Logger } from '#server/lib/infra/logger.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import { type GenerationAnswer, generationAnswerSchema } from '#shared/generation.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

/** What the generation tests share: polling a job to its outcome, waiting on the worker, more app instances on one database. */

type Requester = { request: TestApp['request'] };

/** Reads a generation answer, checking its shape. */
export async function answerOf(response: Response): Promise<GenerationAnswer> {
  expect(response.status).toBe(200);
  return generationAnswerSchema.parse(await response.json());
}

/** Polls `GET /api/straico/status/{jobId}` as the studio does until the job is no longer pending. */
export async function outcomeOf(
  app: Requester,
  cookie: string,
  jobId: string,
  timeoutMs = 15_000,
): Promise<GenerationAnswer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await answerOf(await app.request(`/api/straico/status/${jobId}`, { cookie }));
    if (answer.status !== 'pending') return answer;
    if (Date.now() > until) throw new Error(`job ${jobId} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** Reads until `done` says yes (the worker runs in the background), failing with the last value after a while. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`not done after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

/**
 * Another server instance on the same database, store and providers as `base` (a second process behind the
 * load balancer, or the same server after a restart). `stop()` is its shutdown. `mediaStore` (over the same
 * directory) and `logger` let a test break the store or read what was logged.
 */
export function startInstance(
  base: TestApp,
  generation: GenerationTimings,
  extra: { mediaStore?: MediaStore; logger?: Logger } = {},
) {
  const closing = new AbortController();
  const app = createApp({
    database: base.database,
    appUrl: base.appUrl,
    identityProvider: createDevIdentityProvider({ appUrl: base.appUrl, now: base.clock.now }),
    logger: extra.logger ?? createLogger('silent'),
    now: base.clock.now,
    ai: base.ai,
    media: base.media,
    ...(extra.mediaStore ? { mediaStore: extra.mediaStore } : {}),
    closing: closing.signal,
    generation,
  });
  return {
    app,
    stop: () => closing.abort(),
    /** Sends a request as the browser app would, as `TestApp.request` does. */
    async request(path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) {
      const method = init.method ?? 'GET';
      const headers: Record<string, string> = init.cookie ? { cookie: init.cookie } : {};
      if (method !== 'GET')
        Object.assign(headers, { 'content-type': 'application/json', origin: base.appUrl.origin });
      return await app.request(new URL(path, base.appUrl).toString(), {
        method,
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
    },
  };
}
