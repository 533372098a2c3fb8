import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher, request } from 'undici';
import { AppError } from '#server/lib/http/errors.ts';
import type { Localized } from '#shared/texts.ts';
import { say } from '../http/request-language.ts';
import type { Logger } from './logger.ts';

/**
 * The one way the server fetches a URL that a member (or a provider's answer) supplied: media downloads, Suno
 * short links, provider result URLs.
 *
 * The guard lives in the connector: the hostname is resolved there, every address is checked, and the socket is
 * opened to the checked address. A "check, then fetch" would resolve twice and lose to DNS rebinding; checking the
 * parsed URL alone would miss names that resolve to private addresses and redirects.
 */

export type LookupAddress = { address: string; family: number };
/** Resolves a hostname to all its addresses. Injectable so tests never touch real DNS. */
export type Lookup = (hostname: string) => Promise<readonly LookupAddress[]>;

export type SafeFetchOptions = {
  method?: string;
  /** Sent as given, and nothing else of ours: no cookies, no Authorization, no User-Agent. */
  headers?: Record<string, string>;
  /** Buffered, not streamed, so a 307/308 can replay it. */
  body?: string | Uint8Array;
  /** Redirects followed, each re-validated. Default 3. */
  maxRedirects?: number;
  /** Largest body accepted; more aborts the download with 413. Default 10 MB. */
  maxBytes?: number;
  /** Whole exchange, redirects and body included. Default 30 s. */
  timeoutMs?: number;
  /** Ports a URL may name. Default 80 and 443. */
  allowPorts?: readonly number[];
  /** The caller's own cancellation (e.g. the member went away); its reason is rethrown as is. */
  signal?: AbortSignal;
  /** Refusals are logged here as security events. */
  logger?: Logger;
  lookup?: Lookup;
  /** Tests only: addresses treated as public so a fixture server on 127.0.0.2 can play the internet. */
  extraAllowed?: readonly string[];
};

export type SafeFetchResponse = {
  /** The final upstream status; 4xx and 5xx are answered, not thrown, so callers decide. */
  status: number;
  headers: Headers;
  /** Where the body came from, after redirects. */
  finalUrl: string;
  body: Uint8Array;
};

/**
 * The same answer with the body still on the wire. The body is read once; it errors with the same AppErrors the
 * buffered form throws (413 past `maxBytes`, 504 past `timeoutMs`, 502 when the upstream fails) or with the
 * caller's own abort reason. The exchange's connection and timer are let go when the body has been read to the
 * end, errors, or is cancelled, so a caller that stops early must cancel it.
 */
export type SafeFetchStreamResponse = Omit<SafeFetchResponse, 'body'> & {
  body: ReadableStream<Uint8Array>;
};

export type ResolveRedirectOptions = Pick<
  SafeFetchOptions,
  'headers' | 'timeoutMs' | 'allowPorts' | 'signal' | 'logger' | 'lookup' | 'extraAllowed'
>;

const DEFAULT_MAX_REDIRECTS = 3;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_PORTS: readonly number[] = [80, 443];
const CONNECT_TIMEOUT_MS = 5_000;
const HEADERS_TIMEOUT_MS = 10_000;
// undici's body timeout is the longest silence between chunks; the overall timeout bounds the total.
const BODY_TIMEOUT_MS = 20_000;
// Signed CDN URLs run to a few KB; anything far longer is an attack on the parser or the logs.
const MAX_URL_LENGTH = 8_192;
// Enough of a redirect's or a resolveRedirect GET's body to let the connection be reused; the rest is dropped.
const DISCARD_LIMIT = 64 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Dropped when a redirect leaves the origin, as browsers' fetch does, so a caller's credential stays with its host.
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'host'];

/** Fetches a URL the server must not trust, refusing anything that could reach our own network. */
export async function safeFetch(
  url: string | URL,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResponse> {
  const response = await safeFetchStream(url, options);
  return { ...response, body: await readAll(response.body) };
}

/**
 * `safeFetch` without holding the body: answers once the headers are in, with the body as a stream, so a large
 * file can be passed on (to the media store) as it arrives. Every guarantee of `safeFetch` holds for the body too.
 */
export async function safeFetchStream(
  url: string | URL,
  options: SafeFetchOptions = {},
): Promise<SafeFetchStreamResponse> {
  const ctx = contextOf(options);
  const start = checkUrl(url, ctx);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const exchange = openExchange(ctx, options);
  try {
    const { response, finalUrl, method } = await followRedirects(start, options, ctx, exchange);
    const declared = Number(headerOf(response.headers, 'content-length'));
    // A HEAD's Content-Length describes the GET it stands for, not a body coming now.
    if (method !== 'HEAD' && Number.isFinite(declared) && declared > maxBytes) {
      discard(response.body);
      throw tooLarge(maxBytes);
    }
    return {
      status: response.statusCode,
      headers: toHeaders(response.headers),
      finalUrl: finalUrl.href,
      body: cappedBody(response.body, maxBytes, exchange),
    };
  } catch (error) {
    const failure = exchange.failure(error);
    await exchange.close();
    throw failure;
  }
}

/** Sends the request and follows redirects, each re-checked; answers the first response that is not one. */
async function followRedirects(
  start: URL,
  options: SafeFetchOptions,
  ctx: Context,
  exchange: Exchange,
): Promise<{ response: Dispatcher.ResponseData; finalUrl: URL; method: string }> {
  const { dispatcher, signal } = exchange;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let current = start;
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  let headers = { ...options.headers };
  for (let redirects = 0; ; redirects++) {
    const response = await request(current, { dispatcher, signal, method, headers, body });
    const next = redirectTarget(response, current);
    if (!next) return { response, finalUrl: current, method };
    await response.body.dump({ limit: DISCARD_LIMIT });
    if (redirects >= maxRedirects) {
      refuse(
        ctx,
        current.hostname,
        `more than ${maxRedirects} redirects`,
        say('server.fetch.tooManyRedirects'),
      );
    }
    const target = checkUrl(next, ctx);
    // 303 always, and 301/302 after a POST, become a bodiless GET (RFC 9110 15.4).
    if (
      (response.statusCode === 303 && method !== 'HEAD') ||
      (response.statusCode <= 302 && method === 'POST')
    ) {
      method = 'GET';
      body = undefined;
      headers = withoutHeaders(headers, ['content-type', 'content-length']);
    }
    if (target.origin !== current.origin) headers = withoutHeaders(headers, ORIGIN_BOUND_HEADERS);
    current = target;
  }
}

/**
 * The absolute Location a URL redirects to, without following it or downloading a body; null when it does not
 * redirect. For short links (Suno's /s/…) whose target we only need to read. Some servers answer HEAD with
 * 405 or 404, so a HEAD without a Location is retried as a GET whose body is dropped.
 */
export async function resolveRedirect(
  url: string | URL,
  options: ResolveRedirectOptions = {},
): Promise<string | null> {
  const ctx = contextOf(options);
  const target = checkUrl(url, ctx);
  const headers = { ...options.headers };
  return withExchange(ctx, options, async (dispatcher, signal) => {
    for (const method of ['HEAD', 'GET']) {
      const response = await request(target, { dispatcher, signal, method, headers });
      const next = redirectTarget(response, target);
      await response.body.dump({ limit: DISCARD_LIMIT });
      if (next) return checkUrl(next, ctx).href;
    }
    return null;
  });
}

/**
 * Refuses, as the safe fetch would before connecting (a logged 400), a URL kept now to be fetched later (a push
 * subscription's endpoint): scheme, user info, port, `localhost` names and non-public IP literals. A name is only
 * resolved, and its addresses checked, when it is fetched.
 */
export function assertFetchableUrl(
  url: string | URL,
  options: Pick<SafeFetchOptions, 'allowPorts' | 'extraAllowed' | 'logger'> = {},
): URL {
  return checkUrl(url, contextOf(options));
}

type Context = {
  allowPorts: readonly number[];
  extraAllowed: ReadonlySet<string>;
  lookup: Lookup;
  logger: Logger | undefined;
};

function contextOf(options: ResolveRedirectOptions): Context {
  return {
    allowPorts: options.allowPorts ?? DEFAULT_PORTS,
    extraAllowed: new Set((options.extraAllowed ?? []).map((ip) => ipaddr.process(ip).toString())),
    lookup: options.lookup ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true })),
    logger: options.logger,
  };
}

/**
 * One exchange (a fetch, its redirects and its body) on a dispatcher of its own, so connections never outlive it
 * and one caller's `extraAllowed` or `lookup` can never serve another's request. `signal` bounds all of it: it
 * fires at `timeoutMs` or when the caller aborts, and the exchange then closes itself, so a body nobody reads any
 * more cannot hold a socket past the deadline.
 */
type Exchange = {
  dispatcher: Dispatcher;
  signal: AbortSignal;
  /** What to throw for an error of this exchange: the caller's own abort reason as is, else an AppError. */
  failure: (error: unknown) => unknown;
  /** Clears the timer and closes the dispatcher and its sockets; safe to call more than once. */
  close: () => Promise<void>;
};

function openExchange(ctx: Context, options: { timeoutMs?: number; signal?: AbortSignal }): Exchange {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new TimeoutError(`no answer within ${timeoutMs} ms`)),
    timeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;
  const agent = new Agent({
    connect: guardedConnector(ctx),
    allowH2: false,
    headersTimeout: HEADERS_TIMEOUT_MS,
    bodyTimeout: BODY_TIMEOUT_MS,
  });
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      await agent.destroy().catch(() => undefined);
    })();
    return closed;
  };
  const onAbort = () => void close();
  signal.addEventListener('abort', onAbort, { once: true });
  return {
    dispatcher: agent,
    signal,
    failure(error) {
      if (options.signal?.aborted && !timeout.signal.aborted) return options.signal.reason;
      return toAppError(error, timeout.signal.aborted);
    },
    close,
  };
}

/** Runs an exchange whose result holds nothing open (no body to stream), closing it when `run` settles. */
async function withExchange<T>(
  ctx: Context,
  options: { timeoutMs?: number; signal?: AbortSignal },
  run: (dispatcher: Dispatcher, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const exchange = openExchange(ctx, options);
  try {
    return await run(exchange.dispatcher, exchange.signal);
  } catch (error) {
    throw exchange.failure(error);
  } finally {
    await exchange.close();
  }
}

/** Validates what can be judged from the URL alone, before any connection: scheme, userinfo, port, IP literals. */
function checkUrl(input: string | URL, ctx: Context): URL {
  const raw = typeof input === 'string' ? input : input.href;
  if (raw.length > MAX_URL_LENGTH) refuse(ctx, null, 'URL too long', say('server.fetch.linkTooLong'));
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(ctx, null, 'unparsable URL', say('server.fetch.notALink'));
  }
  const host = url.hostname;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    refuse(ctx, host || null, `scheme ${url.protocol}`, say('server.fetch.httpOnly'));
  }
  if (url.username || url.password) {
    refuse(ctx, host, 'userinfo in URL', say('server.fetch.userinfo'));
  }
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!ctx.allowPorts.includes(port)) refuse(ctx, host, `port ${port}`, say('server.fetch.port', { port }));
  // The WHATWG parser has already turned decimal, hex, octal, short and percent-encoded IPv4 forms into
  // dotted quads, which is why checking the parsed hostname (never the raw string) is enough here.
  const bare = host.replace(/^\[|\]$/g, '');
  const name = bare.toLowerCase().replace(/\.$/, '');
  // RFC 6761 reserves these for loopback; the connector would refuse them anyway, this just says so early.
  if (name === 'localhost' || name.endsWith('.localhost')) refuse(ctx, host, 'localhost name');
  if (net.isIP(bare) && !addressAllowed(bare, ctx)) refuse(ctx, host, `non-public address ${bare}`);
  // Fragments never go on the wire; dropping them keeps finalUrl honest.
  url.hash = '';
  return url;
}

/** Public unicast only: ipaddr.js calls everything else (loopback, private, CGNAT, NAT64, 6to4, ...) by name. */
function addressAllowed(address: string, ctx: Context): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns ::ffff:a.b.c.d into IPv4, so a mapped loopback is judged as loopback.
    ip = ipaddr.process(address);
  } catch {
    return false;
  }
  if (ctx.extraAllowed.has(ip.toString())) return true;
  return ip.range() === 'unicast' && !isIpv4Compatible(ip);
}

/** ::/96, the deprecated IPv4-compatible block (::7f00:1 meant 127.0.0.1), which ipaddr.js calls unicast. */
function isIpv4Compatible(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return (
    ip.kind() === 'ipv6' &&
    ip
      .toByteArray()
      .slice(0, 12)
      .every((byte) => byte === 0)
  );
}

/** undici connector that resolves, checks every address, and connects to a checked one (pinned). */
function guardedConnector(ctx: Context): buildConnector.connector {
  const base = buildConnector({ timeout: CONNECT_TIMEOUT_MS, allowH2: false });
  return (opts, callback) => {
    const host = opts.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host)) {
      if (addressAllowed(host, ctx)) return base(opts, callback);
      return callback(refusal(ctx, host, `non-public address ${host}`), null);
    }
    resolve(host, ctx).then(
      (addresses) => {
        // Any private answer refuses the name: a public+private pair is how rebinding hides.
        const bad = addresses.find((address) => !addressAllowed(address, ctx));
        if (bad) return callback(refusal(ctx, host, `resolves to non-public address ${bad}`), null);
        const servername =
          opts.protocol === 'https:' ? opts.servername || host.replace(/\.$/, '') : undefined;
        const attempt = (index: number) => {
          // TLS still verifies the certificate against the name; only the address is fixed.
          base({ ...opts, hostname: addresses[index] ?? '', servername }, (error, socket) => {
            if (error && index + 1 < addresses.length) return attempt(index + 1);
            if (error) return callback(error, null);
            callback(null, socket as NonNullable<typeof socket>);
          });
        };
        attempt(0);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}

/** The addresses of a name, as checked strings, within the connect timeout (lookup is not covered by undici's). */
async function resolve(host: string, ctx: Context): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`lookup of ${host} took too long`)), CONNECT_TIMEOUT_MS);
  });
  try {
    const answers = await Promise.race([ctx.lookup(host), timedOut]);
    if (answers.length === 0)
      throw Object.assign(new Error(`no addresses for ${host}`), { code: 'ENOTFOUND' });
    return answers.map(({ address }) => {
      try {
        return ipaddr.process(address).toString();
      } catch {
        return address;
      }
    });
  } finally {
    clearTimeout(timer);
  }
}

class RefusedError extends Error {
  override name = 'RefusedError';
}

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** Logs the refusal as a security event and makes the error the connector hands to undici. */
function refusal(ctx: Context, host: string | null, reason: string): RefusedError {
  ctx.logger?.warn({ host, reason }, 'outbound request refused');
  return new RefusedError(reason);
}

function refuse(
  ctx: Context,
  host: string | null,
  reason: string,
  message: Localized = say('server.fetch.privateAddress'),
): never {
  refusal(ctx, host, reason);
  throw new AppError('bad_request', message);
}

function toAppError(error: unknown, timedOut: boolean): AppError {
  if (error instanceof AppError) return error;
  const causes: unknown[] = [];
  for (let e: unknown = error; e instanceof Error && causes.length < 5; e = e.cause) causes.push(e);
  if (causes.some((e) => e instanceof RefusedError)) {
    return new AppError('bad_request', say('server.fetch.privateAddress'));
  }
  const codes = causes.map((e) => (e as { code?: unknown }).code);
  if (
    timedOut ||
    causes.some((e) => e instanceof TimeoutError) ||
    codes.some((code) =>
      ['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'].includes(
        String(code),
      ),
    )
  ) {
    return new AppError('provider_timeout', say('server.fetch.timeout'));
  }
  if (codes.some((code) => code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')) {
    return new AppError('provider_failed', say('server.fetch.hostNotFound'));
  }
  return new AppError('provider_failed', say('server.fetch.unreachable'));
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', say('server.fetch.fileTooLarge', { bytes: maxBytes }));
}

/**
 * The upstream body as a web stream that errors with a 413 as soon as it passes the cap, whatever Content-Length
 * claimed. Pulled, not pushed: a chunk is read off the socket only when the consumer asks for one, so the
 * undici body's own buffer (and TCP flow control behind it) is all that is ever held. Ending, failing or
 * cancelling closes the exchange.
 */
function cappedBody(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
  exchange: Exchange,
): ReadableStream<Uint8Array> {
  const chunks = (body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let received = 0;
  // A cancel can come while a read is pending; that read must then neither enqueue nor error the stream.
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
          received += next.done ? 0 : next.value.byteLength;
          if (received > maxBytes) throw tooLarge(maxBytes);
        } catch (error) {
          if (cancelled) return;
          controller.error(exchange.failure(error));
          discard(body);
          await exchange.close();
          return;
        }
        if (cancelled) return;
        if (!next.done) return controller.enqueue(next.value);
        controller.close();
        await exchange.close();
      },
      async cancel() {
        cancelled = true;
        discard(body);
        await exchange.close();
      },
    },
    // Nothing is read ahead of the consumer.
    { highWaterMark: 0 },
  );
}

/** Reads a streamed body whole; the stream itself enforces the cap and the deadline. */
async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
    total += next.value.byteLength;
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}

/** Drops a body that will not be read. Destroying an unread body emits an abort error nobody else listens for. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function redirectTarget(response: Dispatcher.ResponseData, base: URL): string | null {
  if (!REDIRECT_STATUSES.has(response.statusCode)) return null;
  const location = headerOf(response.headers, 'location');
  if (!location) return null;
  try {
    return new URL(location, base).href;
  } catch {
    // An unresolvable Location goes through checkUrl as is, which refuses it readably.
    return location;
  }
}

function headerOf(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function toHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, item);
    }
  }
  return headers;
}

function withoutHeaders(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())));
}
