import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { DASHBOARD_PATHS } from '#shared/first-paint.ts';
import { verbatim } from '#shared/texts.ts';
import { createArchiveAdapters } from './composition/archive-adapters.ts';
import { createChatToolbox } from './composition/chat-toolbox.ts';
import { loadDashboard } from './composition/dashboard-first-load.ts';
import { createFirstPaint } from './composition/first-paint.ts';
import { mcpCallerFor } from './composition/mcp-caller.ts';
import { createNotificationSending } from './composition/notification-sending.ts';
import { getProfileMe } from './composition/profile-me.ts';
import { storedFileOwners } from './composition/stored-file-owners.ts';
import {
  type ClientAddressConfig,
  defaultLimits,
  type LimitsConfig,
  type MediaConfig,
  type OperatorsConfig,
  type PushConfig,
  pushConfigFor,
  unconfiguredAiConfig,
} from './config.ts';
import type { Database } from './db/database.ts';
import { accountRoutes, createAccountRoutes } from './features/account/account.routes.ts';
import { removeLeftoverUploads } from './features/account/receive-archive.ts';
import { createAgentToolRoutes } from './features/agent-tools/agent-tools.routes.ts';
import { createAiRoutes } from './features/ai/ai.routes.ts';
import { createAiCallLimiter } from './features/ai/ai-call-limits.ts';
import { createApiDocsRoutes } from './features/api-docs/api-docs.routes.ts';
import { authRoutes, createAuthRoutes } from './features/auth/auth.routes.ts';
import { createAuthCookies } from './features/auth/auth-cookies.ts';
import { createRequireMember, createSessionCheck } from './features/auth/require-member.ts';
import { hashSessionToken } from './features/auth/sessions.service.ts';
import { badgeRoutes, createBadgeRoutes } from './features/badges/badges.routes.ts';
import { calendarRoutes, createCalendarRoutes } from './features/calendar/calendar.routes.ts';
import {
  createCalendarFeedFile,
  createCalendarFeedRoutes,
} from './features/calendar-feed/calendar-feed.routes.ts';
import { DEFAULT_FEED_KEY } from './features/calendar-feed/calendar-feed.service.ts';
import { createCalendarSubscriptionRoutes } from './features/calendar-subscriptions/calendar-subscriptions.routes.ts';
import {
  createSubscriptionRefresher,
  type RefresherTimings,
} from './features/calendar-subscriptions/subscription-refresher.ts';
import { createChatRoutes } from './features/chat/chat.routes.ts';
import { createCommunityRoutes } from './features/community/community.routes.ts';
import { createCommunityAiRoutes } from './features/community/community-ai.routes.ts';
import { createDashboardRoutes, dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { createEventRoutes } from './features/events/events.routes.ts';
import { createGenerationRoutes } from './features/generation/generation.routes.ts';
import { createGenerationService, type GenerationTimings } from './features/generation/generation.service.ts';
import { createHealthRoutes } from './features/health/health.routes.ts';
import { createInsightsRoutes } from './features/insights/insights.routes.ts';
import { createMcpRoutes } from './features/mcp/mcp.routes.ts';
import { createDownloadRoutes } from './features/media/download.routes.ts';
import { createMediaRoutes } from './features/media/media.routes.ts';
import { createMusicRoutes } from './features/music/music.routes.ts';
import type { DispatcherTimings } from './features/notifications/notification-dispatcher.ts';
import { createNotificationRoutes } from './features/notifications/notifications.routes.ts';
import { sendTestNotification } from './features/notifications/notifications.service.ts';
import { createPomodoroRoutes } from './features/pomodoro/pomodoro.routes.ts';
import { createProfileRoutes, profileRoutes } from './features/profile/profile.routes.ts';
import { createPushRoutes } from './features/push/push.routes.ts';
import { createQuickActionRoutes } from './features/quick-actions/quick-actions.routes.ts';
import { createResearchRoutes } from './features/research/research.routes.ts';
import { createSearchRoutes } from './features/search/search.routes.ts';
import { createTaskRoutes, taskRoutes } from './features/tasks/tasks.routes.ts';
import { createThemesRoutes } from './features/themes/themes.routes.ts';
import { createTokenRoutes } from './features/tokens/tokens.routes.ts';
import { findTokenMember, hashAccessToken } from './features/tokens/tokens.service.ts';
import { createWidgetRoutes } from './features/widgets/widgets.routes.ts';
import { apiCacheControl } from './lib/http/api-cache-control.ts';
import { createApiRouter } from './lib/http/api-route.ts';
import type { AppEnv } from './lib/http/app-env.ts';
import { bearerCredentialOf } from './lib/http/bearer.ts';
import { createClientAddressOf } from './lib/http/client-address.ts';
import { compressJson } from './lib/http/compress-json.ts';
import { AppError, errorBody } from './lib/http/errors.ts';
import { answerFailure, failureKindOf } from './lib/http/failure-kinds.ts';
import {
  answerZodReasonsInRequestLanguage,
  requestLanguageMiddleware,
  say,
} from './lib/http/request-language.ts';
import { requestLog } from './lib/http/request-log.ts';
import { createVouchedSessions, limitRequestsInFlight } from './lib/http/requests-in-flight.ts';
import { sameOriginGuard } from './lib/http/same-origin-guard.ts';
import { securityHeaders } from './lib/http/security-headers.ts';
import { createStaticApp } from './lib/http/static-app.ts';
import { storableUrlGuard } from './lib/http/storable-url-guard.ts';
import { createInProcessEventBus, type EventBus } from './lib/infra/event-bus.ts';
import type { Logger } from './lib/infra/logger.ts';
import { createFileMediaStore, type MediaStore } from './lib/infra/media-store.ts';
import type { RedisLimits } from './lib/infra/rate-limiter.ts';
import { type Lookup, resolveRedirect } from './lib/infra/safe-fetch.ts';
import {
  ORPHAN_GRACE_MS,
  scheduleOrphanFileSweeps,
  sweepOrphanFiles,
} from './lib/infra/stored-file-sweep.ts';
import { type AiProviders, createAiProviders } from './providers/ai-providers.ts';
import type { IdentityProvider } from './providers/identity-provider.ts';

export type AppDeps = {
  database: Database;
  /** The public origin members use; decides cookie security and the allowed Origin. */
  appUrl: URL;
  identityProvider: IdentityProvider;
  logger: Logger;
  /** The clock, injectable so tests can move time (session expiry). */
  now?: () => Date;
  /** The built browser app to serve; API-only when absent (most tests). */
  webRoot?: string;
  /** Follows a Suno short link to its song link; injectable so tests never reach suno.com. */
  resolveShortLink?: (url: string) => Promise<string | null>;
  /** The external AI services; none configured when absent. */
  ai?: AiProviders;
  /** Live updates for `GET /api/events`; one in-process bus when absent. */
  events?: EventBus;
  /** Who runs the community (`ADMIN_SUBJECTS`, verified `ADMIN_EMAILS`); nobody when absent. */
  operators?: OperatorsConfig;
  /** Whether to read `X-Forwarded-For` for the client's address (per-address limits); the socket's when absent. */
  clientAddress?: ClientAddressConfig;
  /** Production: `.test` email addresses cannot sign in either (reserved-email-domains.ts). */
  refuseTestingEmailDomains?: boolean;
  /**
   * Aborted when the server starts shutting down: long-lived event streams end so the drain can finish, and the
   * generation worker stops claiming jobs.
   */
  closing?: AbortSignal;
  /** Where media is stored, its size cap, the generation deadline and the outbound allowances (config.ts). */
  media: MediaConfig;
  /** The media store; a directory store on `media.dir` when absent. */
  mediaStore?: MediaStore;
  /** Count per-member limits on the servers' shared Redis; in this process when absent. */
  redisLimits?: RedisLimits;
  /** Readiness of the shared parts this server is configured with (Redis, the object store), for `/readyz`. */
  probes?: Parameters<typeof createHealthRoutes>[0]['probes'];
  /** Generation job timings (decision 0014): how long a start waits, the sweep and fal poll periods, retention. */
  generation?: GenerationTimings;
  /** DNS for outbound fetches of member-supplied links (saving media); the system's when absent. */
  outboundLookup?: Lookup;
  /**
   * What one browser and all members may hold at once (live-event streams, requests in flight), and the sign-in
   * calls one address may make a minute; the configuration's defaults when absent.
   */
  limits?: Pick<LimitsConfig, 'eventStreams' | 'memberRequestsInFlight' | 'signInPerMinute'>;
  /** The HTTP server in front sets the security headers on every answer (main.ts), so the app does not repeat them. */
  securityHeadersSetByServer?: boolean;
  /** The VAPID keys and subject pushes are signed with (`VAPID_*`); a pair kept in the database when absent. */
  push?: PushConfig;
  /** How often due notifications are looked for and how long a claim holds one (decision 0034). */
  notifications?: DispatcherTimings;
  /** The key calendar feed addresses are made with (`CALENDAR_FEED_SECRET`); the feature's built-in one when absent. */
  calendarFeedSecret?: string;
  /** How often calendar subscriptions due a refresh are looked for and how long a claim holds one (decision 0037). */
  calendarSubscriptions?: RefresherTimings;
};

/**
 * The reads the browser's offline copy keeps (decision 0025): what the app needs to start without a connection and
 * show the member's tasks and focus timer, nothing else. Every other answer is `no-store` (api-cache-control.ts).
 */
const OFFLINE_READS: ReadonlySet<string> = new Set([
  authRoutes.me.path,
  authRoutes.mode.path,
  profileRoutes.me.path,
  taskRoutes.list.path,
  // The dashboard starts from this one call (its tasks and cards); its parts' own reads are not asked then.
  dashboardRoutes.firstLoad.path,
  dashboardRoutes.stats.path,
  calendarRoutes.week.path,
  badgeRoutes.list.path,
]);

export const MAX_BODY_BYTES = 1024 * 1024;
/** How often the store is swept of files no row names, and the uploads folder of imports cut short. */
export const HOUSEKEEPING_EVERY_MS = 6 * 60 * 60_000;
/** API answers smaller than this go out uncompressed. */
export const COMPRESS_JSON_FROM_BYTES = 4 * 1024;

/**
 * Builds the whole HTTP app from its dependencies. No module-level state: every test builds its own app on its
 * own database.
 */
export function createApp(deps: AppDeps) {
  const now = deps.now ?? (() => new Date());
  const resolveShortLink =
    deps.resolveShortLink ?? ((url: string) => resolveRedirect(url, { logger: deps.logger }));
  const https = deps.appUrl.protocol === 'https:';
  const db = deps.database.db;
  const limits = deps.limits ?? defaultLimits();
  const cookies = createAuthCookies(https);
  const vouched = createVouchedSessions();
  const requireMember = createRequireMember({
    db,
    cookies,
    now,
    vouched,
    // Personal access tokens are the tokens feature's; the auth feature only asks it who a bearer is.
    findTokenMember: (token, at) => findTokenMember(db, token, at),
  });
  const addressOf = createClientAddressOf(deps.clientAddress ?? { trustedProxyHops: 0 });
  const ai = deps.ai ?? createAiProviders(unconfiguredAiConfig());
  const events = deps.events ?? createInProcessEventBus();
  const operators = deps.operators ?? { subjects: [], verifiedEmails: [] };
  const redisLimits = deps.redisLimits ? { redisLimits: deps.redisLimits } : {};
  const aiLimiter = createAiCallLimiter(ai.config, deps.redisLimits);
  const mediaStore = deps.mediaStore ?? createFileMediaStore(deps.media.dir);
  const generation = createGenerationService({
    db,
    ai,
    store: mediaStore,
    media: deps.media,
    logger: deps.logger,
    ...(deps.closing ? { closing: deps.closing } : {}),
    ...deps.generation,
  });

  // Web Push and the notification queue (decision 0034): every server signs with the one VAPID pair, and any
  // server's dispatcher sends a due notification, once.
  const {
    vapid,
    pushSender,
    dispatcher: notificationDispatcher,
  } = createNotificationSending({
    db,
    events,
    logger: deps.logger,
    now,
    push: deps.push ?? pushConfigFor(deps.appUrl),
    outbound: deps.media.outbound,
    ...(deps.outboundLookup ? { lookup: deps.outboundLookup } : {}),
    ...(deps.closing ? { closing: deps.closing } : {}),
    ...(deps.notifications ? { timings: deps.notifications } : {}),
  });

  // Outside calendars (decision 0037): any server refreshes a subscription when it falls due, once.
  const subscriptionDeps = {
    db,
    now,
    logger: deps.logger,
    outbound: deps.media.outbound,
    ...(deps.outboundLookup ? { lookup: deps.outboundLookup } : {}),
  };
  createSubscriptionRefresher({ ...subscriptionDeps, closing: deps.closing, ...deps.calendarSubscriptions });

  scheduleOrphanFileSweeps({
    everyMs: HOUSEKEEPING_EVERY_MS,
    logger: deps.logger,
    closing: deps.closing,
    sweep: async () => {
      const at = now();
      await sweepOrphanFiles({
        store: mediaStore,
        owners: storedFileOwners(db),
        now: at,
        logger: deps.logger,
      });
      await removeLeftoverUploads(deps.media.uploadsDir, new Date(at.getTime() - ORPHAN_GRACE_MS));
    },
  });

  const app = new Hono<AppEnv>();

  answerZodReasonsInRequestLanguage();
  app.use('*', requestLog(deps.logger));
  app.use('*', requestLanguageMiddleware());
  // Behind createHttpServer (main.ts) the server sets them; an app answered in process sets them itself.
  if (!deps.securityHeadersSetByServer) app.use('*', securityHeaders({ https }));
  app.use('/api/*', apiCacheControl(OFFLINE_READS));
  const compress = compressJson({ fromBytes: COMPRESS_JSON_FROM_BYTES });
  app.use('/api/*', compress);
  // The dashboard's paths, whose page the server may render for the member (composition/first-paint.ts).
  for (const page of DASHBOARD_PATHS) app.use(page, compress);
  app.use(
    '/api/*',
    sameOriginGuard({
      appOrigin: deps.appUrl.origin,
      uploads: { [accountRoutes.import.path]: 'application/zip' },
    }),
  );
  app.use('/api/*', storableUrlGuard());
  const limitInFlight = limitRequestsInFlight({
    // A session (or a personal access token) counts on its own once the database has vouched for it; anything
    // else on its address. A bearer request is the token's alone (its cookie is not read).
    keyOf: (c) => {
      const bearer = bearerCredentialOf(c);
      if (bearer !== undefined) {
        const tokenHash = hashAccessToken(bearer);
        return vouched.has(tokenHash) ? `token:${tokenHash}` : `address:${addressOf(c)}`;
      }
      const token = cookies.readSession(c);
      const tokenHash = token ? hashSessionToken(token) : undefined;
      return tokenHash && vouched.has(tokenHash) ? `session:${tokenHash}` : `address:${addressOf(c)}`;
    },
    max: limits.memberRequestsInFlight,
  });
  app.use('/api/*', limitInFlight);
  // An outside agent's MCP calls count against its token's allowance like its API calls.
  app.use('/mcp', limitInFlight);
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', say('server.http.bodyTooLarge', { kb: MAX_BODY_BYTES / 1024 }));
    },
  });
  // Reads that carry no body skip it: it asks for the body, which makes the Node adapter build a whole Web Request
  // (4 % of a GET's time), and no GET or HEAD route reads one.
  // An archive being imported is written to disk as it arrives, under its own (much larger) limit.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === accountRoutes.import.path
      ? next()
      : limitBody(c, next),
  );

  app.route(
    '/',
    createHealthRoutes({ database: deps.database, startedAt: Date.now(), probes: deps.probes ?? {} }),
  );
  // The member's calendar feed, read by calendar apps without a cookie: outside /api, like the health checks.
  app.route('/', createCalendarFeedFile({ db, appUrl: deps.appUrl, now }));
  // One chain, so the type of the whole API (every route's input and answers) reaches the web client.
  const api = createApiRouter()
    .route(
      '/',
      createAuthRoutes({
        db,
        provider: deps.identityProvider,
        appUrl: deps.appUrl,
        cookies,
        requireMember,
        now,
        events,
        addressOf,
        signInPerMinute: limits.signInPerMinute,
        redisLimits: deps.redisLimits,
        refuseTestingDomains: deps.refuseTestingEmailDomains ?? false,
        vouched,
      }),
    )
    .route(
      '/',
      createAccountRoutes({
        db,
        requireMember,
        cookies,
        store: mediaStore,
        events,
        logger: deps.logger,
        now,
        appUrl: deps.appUrl,
        adapters: createArchiveAdapters({ events, models: ai.models }),
        media: deps.media,
        ...redisLimits,
      }),
    )
    .route('/', createTaskRoutes({ db, requireMember, now, events }))
    .route('/', createPomodoroRoutes({ db, requireMember, now, events }))
    .route('/', createBadgeRoutes({ db, requireMember }))
    .route('/', createDashboardRoutes({ db, requireMember, now, loadDashboard }))
    .route('/', createWidgetRoutes({ db, requireMember, appUrl: deps.appUrl, now }))
    .route('/', createSearchRoutes({ db, requireMember }))
    .route('/', createMusicRoutes({ db, requireMember, now, resolveShortLink }))
    .route('/', createResearchRoutes({ db, requireMember, ai, aiLimiter, now }))
    .route('/', createQuickActionRoutes({ db, requireMember, now }))
    .route(
      '/',
      createChatRoutes({ db, requireMember, ai, aiLimiter, now, toolbox: createChatToolbox({ db, now }) }),
    )
    .route('/', createAgentToolRoutes({ db, requireMember, now, events }))
    .route('/', createAiRoutes({ db, requireMember, ai, aiLimiter, now }))
    .route('/', createGenerationRoutes({ requireMember, aiLimiter, generation, store: mediaStore }))
    .route(
      '/',
      createMediaRoutes({
        db,
        requireMember,
        store: mediaStore,
        media: deps.media,
        appUrl: deps.appUrl,
        logger: deps.logger,
        now,
        ...redisLimits,
        ...(deps.outboundLookup ? { lookup: deps.outboundLookup } : {}),
      }),
    )
    .route('/', createDownloadRoutes({ db, requireMember, store: mediaStore, appUrl: deps.appUrl }))
    .route(
      '/',
      createProfileRoutes({
        db,
        getProfileMe,
        requireMember,
        now,
        ai,
        aiLimiter,
        generation,
        store: mediaStore,
        media: deps.media,
        appUrl: deps.appUrl,
        logger: deps.logger,
        ...redisLimits,
        ...(deps.outboundLookup ? { lookup: deps.outboundLookup } : {}),
      }),
    )
    .route('/', createThemesRoutes({ db, requireMember, now }))
    .route('/', createCalendarRoutes({ db, requireMember, now }))
    .route('/', createInsightsRoutes({ db, requireMember, ai, aiLimiter, now }))
    .route(
      '/',
      createCalendarFeedRoutes({
        db,
        requireMember,
        appUrl: deps.appUrl,
        now,
        feedKey: deps.calendarFeedSecret ?? DEFAULT_FEED_KEY,
      }),
    )
    .route('/', createCalendarSubscriptionRoutes({ ...subscriptionDeps, requireMember }))
    .route('/', createCommunityRoutes({ db, requireMember, now, events, operators, ...redisLimits }))
    .route(
      '/',
      createEventRoutes({
        requireMember,
        sessionCheck: createSessionCheck({ db, cookies, now }),
        events,
        limits: limits.eventStreams,
        ...(deps.closing ? { closing: deps.closing } : {}),
      }),
    )
    .route('/', createCommunityAiRoutes({ db, requireMember, ai, aiLimiter }))
    .route(
      '/',
      createPushRoutes({
        db,
        requireMember,
        vapid,
        outbound: deps.media.outbound,
        logger: deps.logger,
        sendTest: (userId) =>
          sendTestNotification(db, userId, {
            deviceCount: pushSender.deviceCount,
            sendNow: () => void notificationDispatcher.poll(),
          }),
      }),
    )
    .route('/', createNotificationRoutes({ db, requireMember }))
    .route('/', createTokenRoutes({ db, requireMember, now }));
  // The document covers every route declared on `api`, its own and the reference page's included.
  const typedApp = app.route('/', api.route('/', createApiDocsRoutes(api)));

  // Outside agents (Claude, Cursor, Open WebUI) with a token of the `mcp` scope: the agent tools, over MCP.
  app.route(
    '/',
    createMcpRoutes({
      requireMember,
      callerFor: mcpCallerFor({ db, events, now, logger: deps.logger }),
    }),
  );

  app.all('/api/*', () => {
    throw new AppError('not_found', say('server.http.noSuchRoute'));
  });
  if (deps.webRoot) {
    const firstPaint = createFirstPaint({
      webRoot: deps.webRoot,
      callApi: (request, env) => app.fetch(request, env),
      logger: deps.logger,
      signInMode: deps.identityProvider.mode,
    });
    app.route('/', createStaticApp(deps.webRoot, firstPaint));
  }

  app.notFound((c) => c.json(errorBody('not_found', say('server.http.notFound')), 404));
  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.headers) for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(errorBody(error.code, error.message, error.fields), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own refusals (malformed JSON in a declared body, a request it cannot route) stay client errors.
      const code = error.status === 415 ? 'unsupported_media_type' : 'bad_request';
      return c.json(
        errorBody(code, error.message ? verbatim(error.message) : say('server.http.badRequest')),
        error.status,
      );
    }
    if (c.req.raw.signal.aborted) {
      // The member went away (closed the tab, pressed Stop) and the work in flight was aborted with the request:
      // nobody reads this answer, and it is not a bug worth an error log.
      c.get('logger')?.info({ err: error.message }, 'request cancelled by the client');
      return c.json(errorBody('bad_request', say('server.http.cancelled')), 400);
    }
    const failure = failureKindOf(error);
    if (failure) return answerFailure(c, failure, error);
    (c.get('logger') ?? deps.logger).error(
      {
        err: { name: error.name, message: error.message, stack: error.stack },
        // Drizzle wraps the driver's error: the cause says what the database said.
        cause:
          error.cause instanceof Error
            ? { message: error.cause.message, code: (error.cause as { code?: unknown }).code }
            : undefined,
      },
      'unhandled error',
    );
    return c.json(errorBody('internal', say('server.http.internal')), 500);
  });

  return typedApp;
}

/** The whole app's type: what `hc` in the browser derives the API client from. */
export type LumaraApp = ReturnType<typeof createApp>;
