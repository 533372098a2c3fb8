import { z } from 'zod';
import { withoutTrailingSlashes } from '#server/lib/data/trailing-slashes.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import { providerFailed, providerTimeout } from './provider-errors.ts';
import { providerFetch, readErrorMessage } from './provider-fetch.ts';

/**
 * fal.ai's queue API: submit a job, poll its status, fetch its result. Media generation
 * (images, video, audio) calls `run`. The status, result and cancel URLs are the ones fal answers at submit:
 * they name only owner/app, not the full model id, so they are never built here.
 */
export type FalJob = { requestId: string; statusUrl: string; responseUrl: string; cancelUrl: string };

export type FalJobState = 'queued' | 'running' | 'completed';
export type FalStatus = { state: FalJobState; queuePosition?: number };

export type FalCallOptions = { signal?: AbortSignal };
export type FalRunOptions = FalCallOptions & {
  /** The pause between status polls. */
  pollMs?: number;
  /** The whole job's deadline (504 `provider_timeout`); the queue's `timeoutMs` unless a slow model needs more. */
  timeoutMs?: number;
};

export type FalQueue = {
  submit(modelId: string, input: Record<string, unknown>, options?: FalCallOptions): Promise<FalJob>;
  status(job: FalJob, options?: FalCallOptions): Promise<FalStatus>;
  /** The model's output JSON as fal answers it; the caller validates its shape. */
  result(job: FalJob, options?: FalCallOptions): Promise<unknown>;
  /** Asks fal to drop a job nobody waits for any more; best effort, never throws. */
  cancel(job: FalJob): Promise<void>;
  run(modelId: string, input: Record<string, unknown>, options?: FalRunOptions): Promise<unknown>;
};

const httpUrl = z.url({ protocol: /^https?$/ });
const submitAnswerSchema = z.object({
  status: z.literal('IN_QUEUE'),
  request_id: z.string().min(1),
  response_url: httpUrl,
  status_url: httpUrl,
  cancel_url: httpUrl,
});
const statusAnswerSchema = z.object({
  status: z.enum(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']),
  queue_position: z.number().int().nonnegative().nullish(),
});
const stateByStatus = { IN_QUEUE: 'queued', IN_PROGRESS: 'running', COMPLETED: 'completed' } as const;

/** owner/app with an optional path (`fal-ai/flux/dev`); each segment a plain name, so it cannot leave the host. */
const modelIdPattern = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/;

export function createFalQueue(options: {
  queueUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
}): FalQueue {
  const headers = { authorization: `Key ${options.apiKey}`, accept: 'application/json' };

  function falFetch(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
    return providerFetch(
      url,
      { ...init, headers: { ...headers, ...init.headers } },
      {
        provider: 'fal',
        timeoutMs: options.timeoutMs,
        maxRetries: options.maxRetries,
        signal,
        readErrorMessage: readFalErrorMessage,
      },
    );
  }

  /** The body as JSON; a body cut short by the caller's abort is the caller stopping, not fal failing. */
  async function jsonOf(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
    const body: unknown = await response.json().catch(() => undefined);
    signal?.throwIfAborted();
    return body;
  }

  async function submit(modelId: string, input: Record<string, unknown>, call: FalCallOptions = {}) {
    if (!modelIdPattern.test(modelId) || modelId.split('/').some((part) => part === '.' || part === '..')) {
      throw new AppError('bad_request', say('server.providers.notAFalModel', { model: modelId }));
    }
    const response = await falFetch(
      // Appended, not resolved: a queue URL with a path (a proxy in front of fal) keeps it.
      `${withoutTrailingSlashes(options.queueUrl)}/${modelId}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) },
      call.signal,
    );
    const answer = submitAnswerSchema.safeParse(await jsonOf(response, call.signal));
    if (!answer.success) throw providerFailed('fal', 'did not accept the job properly');
    return {
      requestId: answer.data.request_id,
      statusUrl: answer.data.status_url,
      responseUrl: answer.data.response_url,
      cancelUrl: answer.data.cancel_url,
    };
  }

  async function status(job: FalJob, call: FalCallOptions = {}): Promise<FalStatus> {
    // 202 while the job waits or runs, 200 once it is done: both are answers, the body says which.
    const response = await falFetch(job.statusUrl, { method: 'GET' }, call.signal);
    const answer = statusAnswerSchema.safeParse(await jsonOf(response, call.signal));
    if (!answer.success) throw providerFailed('fal', 'answered an unknown job status');
    const state = stateByStatus[answer.data.status];
    const position = answer.data.queue_position;
    return state === 'queued' && typeof position === 'number'
      ? { state, queuePosition: position }
      : { state };
  }

  async function result(job: FalJob, call: FalCallOptions = {}): Promise<unknown> {
    // A failed job reaches COMPLETED and fails here, with fal's reason in an error status and body.
    const response = await falFetch(job.responseUrl, { method: 'GET' }, call.signal);
    const body = await jsonOf(response, call.signal);
    if (typeof body !== 'object' || body === null) throw providerFailed('fal', 'answered without a result');
    return body;
  }

  async function cancel(job: FalJob): Promise<void> {
    await fetch(job.cancelUrl, { method: 'PUT', headers, signal: AbortSignal.timeout(5_000) })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  }

  async function run(modelId: string, input: Record<string, unknown>, call: FalRunOptions = {}) {
    const deadline = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs);
    const signal = call.signal ? AbortSignal.any([deadline, call.signal]) : deadline;
    const pollMs = call.pollMs ?? 1_000;
    let job: FalJob | undefined;
    try {
      job = await submit(modelId, input, { signal });
      while ((await status(job, { signal })).state !== 'completed') await pause(pollMs, signal);
      return await result(job, { signal });
    } catch (error) {
      const stopped = signal.aborted;
      // Nobody waits for this job any more: fal need not finish (and bill) it.
      if (stopped && job) void cancel(job);
      // The member's own abort passes through as its reason; running out of time is fal's 504.
      if (stopped && deadline.aborted && !call.signal?.aborted) throw providerTimeout('fal');
      throw error;
    }
  }

  return { submit, status, result, cancel, run };
}

/**
 * fal's reasons: a validation list (`{"detail":[{"loc":["body","prompt"],"msg":"field required"}]}`) names the
 * field and what is wrong; otherwise `detail` as a string or `message`, read like every other provider's.
 */
export async function readFalErrorMessage(response: Response): Promise<string | undefined> {
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    const detail: unknown = (body as { detail?: unknown } | null)?.detail;
    const first: unknown = Array.isArray(detail) ? detail[0] : undefined;
    const { msg, loc } = (typeof first === 'object' && first !== null ? first : {}) as {
      msg?: unknown;
      loc?: unknown;
    };
    if (typeof msg === 'string' && msg) {
      const parts: unknown[] = Array.isArray(loc) ? loc : [];
      const field = parts.filter(
        (part) => part !== 'body' && (typeof part === 'string' || typeof part === 'number'),
      );
      return field.length > 0 ? `${field.join('.')}: ${msg}` : msg;
    }
  } catch {
    // Not JSON: the common reader below decides whether the text is worth showing.
  }
  return readErrorMessage(new Response(text));
}

/** The pause between polls; an abort (the member, or the deadline) ends it with the signal's reason. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}
