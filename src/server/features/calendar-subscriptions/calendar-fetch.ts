import { AppError } from '#server/lib/http/errors.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import { type Lookup, safeFetch } from '#server/lib/infra/safe-fetch.ts';
import {
  CALENDAR_SUBSCRIPTION_LIMITS,
  type CalendarSubscriptionError,
} from '#shared/calendar-subscriptions.ts';

/** How the server reaches outside calendars: the safe fetch's allowances (config.ts's `media.outbound`). */
export type CalendarFetchDeps = {
  outbound: { extraAllowed: readonly string[]; extraPorts: readonly number[] };
  lookup?: Lookup;
  logger?: Logger;
};

/** One fetch of a calendar failed, for a reason the member is told (`last_error`, or the 4xx of a new link). */
export class CalendarFetchError extends Error {
  override name = 'CalendarFetchError';
  readonly kind: CalendarSubscriptionError;
  /** The upstream's status, when it answered one that is no calendar. */
  readonly status: number | undefined;
  /** The safe fetch's own refusal, whose words say why (a private address, a port). */
  readonly refusal: AppError | undefined;
  constructor(kind: CalendarSubscriptionError, status?: number, refusal?: AppError) {
    super(kind);
    this.kind = kind;
    this.status = status;
    this.refusal = refusal;
  }
}

export type CalendarFetch =
  | { kind: 'unchanged' }
  | { kind: 'fetched'; text: string; etag: string | null; lastModified: string | null };

/** A whole exchange; a calendar server slower than this is down for this round. */
const FETCH_TIMEOUT_MS = 20_000;

/**
 * Fetches a calendar through the safe fetch (private addresses refused, redirects re-checked, at most 5 MB),
 * sending the last good answer's validators so an unchanged calendar answers 304 without its body.
 */
export async function fetchCalendar(
  deps: CalendarFetchDeps,
  url: string,
  validators: { etag: string | null; lastModified: string | null } = { etag: null, lastModified: null },
): Promise<CalendarFetch> {
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  let response: Awaited<ReturnType<typeof safeFetch>>;
  try {
    response = await safeFetch(url, {
      headers,
      maxBytes: CALENDAR_SUBSCRIPTION_LIMITS.maxBytes,
      timeoutMs: FETCH_TIMEOUT_MS,
      allowPorts: [80, 443, ...deps.outbound.extraPorts],
      extraAllowed: deps.outbound.extraAllowed,
      ...(deps.lookup ? { lookup: deps.lookup } : {}),
      ...(deps.logger ? { logger: deps.logger } : {}),
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    switch (error.code) {
      case 'payload_too_large':
        throw new CalendarFetchError('too_large');
      case 'provider_timeout':
        throw new CalendarFetchError('timeout');
      case 'bad_request':
        throw new CalendarFetchError('refused', undefined, error);
      default:
        throw new CalendarFetchError('unreachable');
    }
  }
  if (response.status === 304 && (validators.etag || validators.lastModified)) return { kind: 'unchanged' };
  if (response.status < 200 || response.status > 299)
    throw new CalendarFetchError('unreachable', response.status);
  return {
    kind: 'fetched',
    text: new TextDecoder('utf-8', { fatal: false }).decode(response.body),
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  };
}
