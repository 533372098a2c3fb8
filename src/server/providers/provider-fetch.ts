import { type ExternalServiceId, providerFailed, providerTimeout } from './provider-errors.ts';

export type ProviderFetchOptions = {
  provider: ExternalServiceId;
  timeoutMs: number;
  /** Further attempts after a 429, a 5xx or a dropped connection; each waits longer (or as Retry-After says). */
  maxRetries: number;
  /** The caller's own cancellation (a member who stopped waiting). */
  signal?: AbortSignal;
  /** Reads a failed response's reason where a provider has its own shape (fal's `detail` list); default `readErrorMessage`. */
  readErrorMessage?: (response: Response) => Promise<string | undefined>;
};

const MAX_RETRY_WAIT_MS = 10_000;

/**
 * A fetch for the providers we call by hand (Straico, OpenAlex): one deadline over all attempts, bounded
 * retries on 429/5xx/connection failures, and failures mapped to 502/504. Success means a 2xx response; the
 * caller reads and checks its body.
 */
export async function providerFetch(
  url: string | URL,
  init: RequestInit,
  options: ProviderFetchOptions,
): Promise<Response> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let lastFailure: Error | undefined;
  for (let attempt = 0; attempt <= options.maxRetries; attempt++) {
    if (attempt > 0) await wait(retryDelayMs(attempt, lastFailure), signal, deadline, options.provider);
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal });
    } catch (error) {
      if (deadline.aborted) throw providerTimeout(options.provider);
      if (options.signal?.aborted) throw error;
      lastFailure = providerFailed(options.provider, 'could not be reached');
      continue;
    }
    if (response.ok) return response;
    const message = await (options.readErrorMessage ?? readErrorMessage)(response);
    const failure = providerFailed(options.provider, message ?? `answered HTTP ${response.status}`);
    if (response.status === 429 || response.status >= 500) {
      lastFailure = Object.assign(failure, { retryAfterMs: retryAfterMs(response) });
      continue;
    }
    throw failure;
  }
  throw lastFailure ?? providerFailed(options.provider, undefined);
}

/** Providers put their reason in different places; the first readable one wins. */
export async function readErrorMessage(response: Response): Promise<string | undefined> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: a proxy's HTML page or plain text; a short plain text is still the best reason there is.
    return text && text.length < 200 && !text.includes('<') ? text : undefined;
  }
  if (typeof body === 'string') return body || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message, detail } = body as Record<string, unknown>;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  )
    return (error as { message: string }).message;
  if (typeof message === 'string') return message;
  if (typeof error === 'string') return error;
  if (typeof detail === 'string') return detail;
  // JSON without a readable reason (e.g. fal's `detail` list): raw JSON is no message for a member.
  return undefined;
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : date - Date.now();
}

function retryDelayMs(attempt: number, failure: Error | undefined): number {
  const asked = (failure as { retryAfterMs?: number } | undefined)?.retryAfterMs;
  const backoff = 250 * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
  return Math.min(MAX_RETRY_WAIT_MS, Math.max(0, asked ?? backoff));
}

/**
 * The pause between attempts. Ending it early is either the deadline (504) or the caller's own abort, which
 * passes through as the signal's reason, the same as an abort during a fetch: the caller stopped, nobody failed.
 */
function wait(
  ms: number,
  signal: AbortSignal,
  deadline: AbortSignal,
  provider: ExternalServiceId,
): Promise<void> {
  const stopped = () => (deadline.aborted ? providerTimeout(provider) : signal.reason);
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(stopped());
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(stopped());
      },
      { once: true },
    );
  });
}
