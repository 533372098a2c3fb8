import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createApp } from '#server/app.ts';
import {
  type AiConfig,
  type ClientAddressConfig,
  DEFAULT_MEDIA_QUOTA_BYTES,
  defaultLimits,
  type LimitsConfig,
  type MediaConfig,
  type OperatorsConfig,
  unconfiguredAiConfig,
} from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { createDevIdentityProvider } from '#server/features/auth/dev-identity-provider.ts';
import type { GenerationTimings } from '#server/features/generation/generation.service.ts';
import type { DispatcherTimings } from '#server/features/notifications/notification-dispatcher.ts';
import { createInProcessEventBus } from '#server/lib/infra/event-bus.ts';
import { createLogger, type Logger } from '#server/lib/infra/logger.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import type { Lookup } from '#server/lib/infra/safe-fetch.ts';
import { type AiProviders, createAiProviders } from '#server/providers/ai-providers.ts';
import type { IdentityProvider } from '#server/providers/identity-provider.ts';
import { type ContractChecker, createContractChecker, type OpenApiDocument } from './api-contract.ts';
import { openFreshDatabase } from './test-database.ts';

export type TestClock = { now: () => Date; advance(ms: number): void };

export function createTestClock(start = new Date('2026-11-22T09:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * The real app on a fresh copy of the migrated database, with a movable clock. Sign-in goes through the
 * development identity provider unless a test hands in another provider.
 */
export async function buildTestApp(
  options: {
    appUrl?: string;
    identityProvider?: (appUrl: URL) => IdentityProvider;
    resolveShortLink?: (url: string) => Promise<string | null>;
    /** AI settings over `testAiConfig()`'s; point providers at the fakes in tests/fakes. */
    ai?: Partial<AiConfig>;
    /** The app's logger; silent unless a test reads what was logged (e.g. that no key is ever written). */
    logger?: Logger;
    /** Who runs the community (`ADMIN_SUBJECTS`, verified `ADMIN_EMAILS`); nobody when absent. */
    operators?: Partial<OperatorsConfig>;
    /** Proxies whose `X-Forwarded-For` the app believes; none when absent. */
    clientAddress?: ClientAddressConfig;
    /** Media settings over `testMediaConfig()`'s (a fresh directory per app, removed on close). */
    media?: Partial<MediaConfig>;
    /** Generation job timings (start wait, sweep and fal poll periods); the production defaults when absent. */
    generation?: GenerationTimings;
    /** DNS for the app's outbound fetches of member-supplied links; names that resolve nowhere fail. */
    outboundLookup?: Lookup;
    /**
     * Reaches the fresh database another way (through a fault proxy, say): the app uses the database this
     * answers, and both are closed with the app.
     */
    reachDatabase?: (fresh: Database) => Promise<Database>;
    /**
     * Live-event streams, requests in flight and sign-in calls a minute allowed; the configuration's defaults
     * when absent, but for sign-in calls: every request of a test comes from one address, and a file signs in
     * many members.
     */
    limits?: Partial<Pick<LimitsConfig, 'eventStreams' | 'memberRequestsInFlight' | 'signInPerMinute'>>;
    /** The media store over the app's fresh media directory; a directory store when absent. */
    mediaStore?: (dir: string) => MediaStore;
    /**
     * How often the notification dispatcher polls and how long its claims hold. When absent it polls once at start
     * and then hourly: a test that does not send notifications hears no `notification.created` among its events.
     */
    notifications?: DispatcherTimings;
    /** A built browser app to serve (its pages, and the server renderer beside it); API only when absent. */
    webRoot?: string;
  } = {},
) {
  const fresh: Database = await openFreshDatabase(inject('databaseTemplate'));
  const database = options.reachDatabase ? await options.reachDatabase(fresh) : fresh;
  const appUrl = new URL(options.appUrl ?? 'http://localhost:3000');
  const clock = createTestClock();
  const logger = options.logger ?? createLogger('silent');
  const identityProvider =
    options.identityProvider?.(appUrl) ?? createDevIdentityProvider({ appUrl, now: clock.now });
  const ai: AiProviders = createAiProviders({ ...testAiConfig(), ...options.ai });
  const events = createInProcessEventBus();
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-test-media-'));
  const media: MediaConfig = { ...testMediaConfig(mediaDir), ...options.media };
  const closing = new AbortController();
  const app = createApp({
    media,
    // Tests never ask real DNS: a name resolves only through a lookup the test hands in.
    outboundLookup:
      options.outboundLookup ??
      (async (hostname) => {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      }),
    closing: closing.signal,
    ...(options.generation ? { generation: options.generation } : {}),
    notifications: options.notifications ?? { pollMs: 60 * 60_000 },
    ai,
    events,
    operators: { subjects: [], verifiedEmails: [], ...options.operators },
    ...(options.clientAddress ? { clientAddress: options.clientAddress } : {}),
    limits: { ...defaultLimits(), signInPerMinute: 100_000, ...options.limits },
    ...(options.mediaStore ? { mediaStore: options.mediaStore(media.dir) } : {}),
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    database,
    appUrl,
    identityProvider,
    logger,
    now: clock.now,
    // Tests never reach the internet: a short link fails as an unreachable host would, unless a test resolves it.
    resolveShortLink:
      options.resolveShortLink ??
      (async () => {
        throw new Error('no network in tests');
      }),
  });
  return {
    app,
    database,
    db: database.db,
    clock,
    appUrl,
    ai,
    /** The live-update bus the app publishes on; tests subscribe to see what was published. */
    events,
    /** Sends a request as the browser app would: same origin, JSON bodies. */
    async request(
      path: string,
      init: {
        method?: string;
        cookie?: string;
        body?: unknown;
        headers?: Record<string, string>;
        /** The socket address the request comes from, as the Node server hands it to the app; none when absent. */
        from?: string;
      } = {},
    ) {
      const method = init.method ?? 'GET';
      const headers: Record<string, string> = { ...(init.cookie ? { cookie: init.cookie } : {}) };
      if (method !== 'GET' && method !== 'HEAD') {
        // A write names its type when it sends a body, as fetch does; one with none (`DELETE`) names none.
        if (init.body !== undefined) headers['content-type'] = 'application/json';
        headers.origin = appUrl.origin;
      }
      Object.assign(headers, init.headers);
      const response = await app.request(
        new URL(path, appUrl).toString(),
        {
          method,
          headers,
          ...(init.body !== undefined
            ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }
            : {}),
        },
        init.from ? { incoming: { socket: { remoteAddress: init.from } } } : undefined,
      );
      await keepsTheContract(app, method, path, response);
      return response;
    },
    /** The media settings the app runs with (its store directory is `media.dir`). */
    media,
    async close() {
      // Background work (the generation worker) stops before the database it uses goes away.
      closing.abort();
      await database.close();
      if (database !== fresh) await fresh.close();
      rmSync(mediaDir, { recursive: true, force: true });
      rmSync(media.uploadsDir, { recursive: true, force: true });
    },
  };
}

let contract: Promise<ContractChecker> | undefined;

/**
 * Every answer a test receives through `request` is checked against the OpenAPI document the app serves
 * (api-contract.ts): a declared status, a declared content type, a JSON body its schema allows. So the whole
 * server suite, every feature, is the contract test's recording; a mismatch fails the test that saw it.
 */
async function keepsTheContract(
  app: ReturnType<typeof createApp>,
  method: string,
  path: string,
  response: Response,
) {
  contract ??= Promise.resolve(app.request('http://localhost:3000/api/openapi.json')).then(async (answer) =>
    createContractChecker((await answer.json()) as OpenApiDocument),
  );
  const contentType = response.headers.get('content-type');
  // Only JSON bodies are read (a copy): an event stream never ends, and files need no schema.
  const body = contentType?.startsWith('application/json') ? await response.clone().text() : '';
  const checker = await contract;
  const broken = checker.check(method, path, response.status, contentType, body);
  if (broken) throw new Error(`The answer breaks the API contract: ${broken}`);
}

/** Media settings for tests: a store in `dir`, small files, a short generation deadline, no outbound allowances. */
export function testMediaConfig(dir: string): MediaConfig {
  return {
    dir,
    maxBytes: 5 * 1024 * 1024,
    uploadsDir: `${dir}-uploads`,
    quotaBytes: DEFAULT_MEDIA_QUOTA_BYTES,
    jobTimeoutMs: 20_000,
    outbound: { extraAllowed: [], extraPorts: [] },
  };
}

/**
 * AI settings for tests: nothing configured, every provider's URL on a closed local port (so a mistake fails
 * fast instead of reaching the internet), short timeouts, one retry, the catalogue's models only, and rate,
 * daily and generation limits tests do not hit unless they set them.
 */
export function testAiConfig(): AiConfig {
  const closed = 'http://127.0.0.1:9';
  const base = unconfiguredAiConfig();
  return {
    ...base,
    openRouter: { apiKey: undefined, baseUrl: `${closed}/api/v1` },
    straico: { apiKey: undefined, baseUrl: closed },
    fal: { apiKey: undefined, baseUrl: closed, queueUrl: closed },
    openAiCompatible: { baseUrl: undefined, apiKey: undefined, models: [] },
    openAlex: { baseUrl: closed, mailto: undefined },
    timeoutMs: 3_000,
    maxRetries: 1,
    rateLimitPerMinute: 1_000,
    dailyCallsPerMember: 100_000,
    generationJobsInFlightPerMember: 1_000,
  };
}
