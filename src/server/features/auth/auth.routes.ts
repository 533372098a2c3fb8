import type { Context } from 'hono';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { type AppEnv, memberIdOf } from '#server/lib/http/app-env.ts';
import type { ClientAddressOf } from '#server/lib/http/client-address.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { VouchedSessions } from '#server/lib/http/requests-in-flight.ts';
import { refuseOtherSitesWithoutFetchMetadata } from '#server/lib/http/same-origin-guard.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import {
  createFixedWindowLimiter,
  limitPerAddress,
  type RedisLimits,
} from '#server/lib/infra/rate-limiter.ts';
import type { IdentityProvider } from '#server/providers/identity-provider.ts';
import { successSchema } from '#shared/api.ts';
import {
  createSessionRequestSchema,
  devAuthorizeRequestSchema,
  devAuthorizeResponseSchema,
  endOtherSessionsResponseSchema,
  memberSessionsResponseSchema,
  redirectUrlResponseSchema,
  sessionIdParamsSchema,
  signInModeResponseSchema,
  userSchema,
} from '#shared/auth.ts';
import { deviceOfUserAgent } from '#shared/device-of-user-agent.ts';
import { beginSignIn, completeSignIn } from './auth.service.ts';
import { type AuthCookies, SIGN_IN_TTL_MS } from './auth-cookies.ts';
import { isDevIdentityProvider } from './dev-identity-provider.ts';
import {
  deleteSession,
  endMemberSession,
  endOtherSessions,
  hashSessionToken,
  listMemberSessions,
} from './sessions.service.ts';
import { presentUser } from './users.service.ts';

export type AuthRouteDeps = {
  db: Db;
  provider: IdentityProvider;
  appUrl: URL;
  cookies: AuthCookies;
  requireMember: RequireMember;
  now: () => Date;
  /** Told when a session ends, so live-event streams on every server close with it. */
  events?: EventBus;
  /** The address a request comes from (client-address.ts): the sign-in routes are limited per address. */
  addressOf: ClientAddressOf;
  /** Calls of the sign-in routes one address may make per minute (`SIGN_IN_LIMIT_PER_MINUTE`). */
  signInPerMinute: number;
  /** Count the sign-in limit on the servers' shared Redis; in this process when absent. */
  redisLimits?: RedisLimits | undefined;
  /** Production refuses `.test` email addresses too (reserved-email-domains.ts). */
  refuseTestingDomains: boolean;
  /** A session just made is one the database knows: its requests in flight count on their own at once. */
  vouched?: VouchedSessions;
};

const logoutAnswer = json(successSchema, 'Signed out (also when there was no session)');
const signInLimitNote =
  ' Limited per client address with the other sign-in calls (`SIGN_IN_LIMIT_PER_MINUTE`): **429** ' +
  '`rate_limited` with `Retry-After`.';
const logoutNote =
  'Deletes the session, clears the cookie and the browser\'s cached answers (`Clear-Site-Data: "cache", ' +
  '"cookies"`). A browser request from another site is refused with **403** `cross_site_request` and the ' +
  'session kept: by `Sec-Fetch-Site`, or, from a browser that sends no Fetch Metadata, by an `Origin` or ' +
  '`Referer` of another origin.';

/** Sign-in and session calls. Their paths are kept exactly as clients know them. */
export const authRoutes = {
  mode: apiRoute({
    method: 'get',
    path: '/api/auth/mode',
    operationId: 'getAuthMode',
    tags: ['Auth'],
    summary: 'Which identity provider signs members in',
    description: 'Ours: lets /login say it is development sign-in.',
    public: true,
    responses: { 200: json(signInModeResponseSchema, 'The sign-in mode') },
  }),
  redirectUrl: apiRoute({
    method: 'get',
    path: '/api/oauth/google/redirect_url',
    operationId: 'getSignInRedirectUrl',
    tags: ['Auth'],
    summary: "Start a sign-in: the identity provider's page to send the browser to",
    description:
      'Sets the sign-in state cookie (10 min). **502** `sign_in_provider_failed` when the provider cannot ' +
      `be reached.${signInLimitNote}`,
    public: true,
    responses: {
      200: json(redirectUrlResponseSchema, 'Where to send the browser; sets the sign-in state cookie'),
    },
  }),
  createSession: apiRoute({
    method: 'post',
    path: '/api/sessions',
    operationId: 'createSession',
    tags: ['Auth'],
    summary: "Finish a sign-in: exchange the provider's code for a session",
    description:
      'Sets the session cookie. **400** `validation_failed` (missing code or state), `invalid_state` (not ' +
      'started in this browser, already used, or expired), `invalid_code` (the provider refused the code); ' +
      "**401** `sign_in_rejected` (the ID token failed verification); **403** `forbidden` (the email's domain " +
      'is reserved, e.g. `.invalid`: no one signs in with it); **502** `sign_in_provider_failed`.' +
      signInLimitNote,
    public: true,
    request: { body: jsonBody(createSessionRequestSchema) },
    responses: { 200: json(successSchema, 'Signed in; sets the session cookie') },
  }),
  devAuthorize: apiRoute({
    method: 'post',
    path: '/api/dev-identity/authorize',
    operationId: 'authorizeDevIdentity',
    tags: ['Auth'],
    summary: "The development identity provider's consent (only without a Google client, outside production)",
    description:
      '`redirectUrl` is `/auth/callback?code&state`. Development sign-in only: otherwise **404**. An email of ' +
      `a reserved domain (\`.invalid\`, \`.localhost\`, \`example.com\`…) is **400**.${signInLimitNote}`,
    public: true,
    request: { body: jsonBody(devAuthorizeRequestSchema) },
    responses: { 200: json(devAuthorizeResponseSchema, 'Where the development provider sends the browser') },
  }),
  me: apiRoute({
    method: 'get',
    path: '/api/users/me',
    operationId: 'getCurrentMember',
    tags: ['Auth'],
    summary: 'The signed-in member',
    description: 'Without a live session **401** `unauthenticated`.',
    responses: { 200: json(userSchema, 'The member') },
  }),
  // GET as clients have always called it; POST too for clients that prefer a safe method to stay safe.
  logout: apiRoute({
    method: 'get',
    path: '/api/logout',
    operationId: 'signOutWithGet',
    tags: ['Auth'],
    summary: 'Sign out: end the session',
    description: logoutNote,
    public: true,
    responses: { 200: logoutAnswer },
  }),
  logoutPost: apiRoute({
    method: 'post',
    path: '/api/logout',
    operationId: 'signOut',
    tags: ['Auth'],
    summary: 'Sign out: end the session (as a POST)',
    description: logoutNote,
    public: true,
    responses: { 200: logoutAnswer },
  }),
  listSessions: apiRoute({
    method: 'get',
    path: '/api/sessions',
    operationId: 'listSessions',
    tags: ['Auth'],
    summary: "The member's signed-in browsers",
    description:
      'Ours. Every live session of the member, the most recently used first, `current` marking this one. ' +
      'Sessions are named by a public id; nothing of their token leaves the server.',
    responses: { 200: json(memberSessionsResponseSchema, "The member's sessions") },
  }),
  // Declared before `{id}`, so `others` is never read as an id.
  endOtherSessions: apiRoute({
    method: 'delete',
    path: '/api/sessions/others',
    operationId: 'deleteOtherSessions',
    tags: ['Auth'],
    summary: 'Sign out everywhere else',
    description: "Ours. Ends every session of the member but this request's; their browsers are signed out.",
    responses: { 200: json(endOtherSessionsResponseSchema, 'How many sessions ended') },
  }),
  endSession: apiRoute({
    method: 'delete',
    path: '/api/sessions/{id}',
    operationId: 'deleteSession',
    tags: ['Auth'],
    summary: 'Sign one session out',
    description:
      "Ours. Ends one of the member's sessions, named by its id from `GET /api/sessions`. Another member's " +
      "session, or one already ended, is **404**. Ending this request's own session signs this browser out " +
      'as logout does.',
    request: { params: sessionIdParamsSchema },
    responses: { 200: json(successSchema, 'The session ended') },
  }),
};

export function createAuthRoutes(deps: AuthRouteDeps) {
  const routes = createApiRouter(deps.requireMember);

  // Served only by the development identity provider; otherwise it is no route at all, whatever the body.
  const devProvider = isDevIdentityProvider(deps.provider) ? deps.provider : null;
  const requireDevProvider = () => {
    if (!devProvider) throw new AppError('not_found', say('server.http.noSuchRoute'));
    return devProvider;
  };

  // Every server's open streams of this member check their session now, not at their next keep-alive.
  const tellStreams = (userId: number) =>
    deps.events?.publish({
      audience: { kind: 'member', userId },
      event: { type: 'session.ended', data: {} },
    });
  const signOutBrowser = (c: Context<AppEnv>) => {
    deps.cookies.clearSession(c);
    // "cache" too: the member's lists the browser keeps for revalidation (`private, no-cache`, the task list's
    // ETag) must not outlive the session on a shared computer.
    c.header('Clear-Site-Data', '"cache", "cookies"');
  };
  const logout = async (c: Context<AppEnv>) => {
    const token = deps.cookies.readSession(c);
    const endedFor = token ? await deleteSession(deps.db, hashSessionToken(token)) : null;
    if (endedFor !== null) tellStreams(endedFor);
    signOutBrowser(c);
    return c.json({ success: true } as const, 200);
  };
  const limitSignIn = limitPerAddress(
    createFixedWindowLimiter({
      limit: deps.signInPerMinute,
      windowMs: 60_000,
      now: () => deps.now().getTime(),
      redis: deps.redisLimits,
      prefix: 'sign-in',
    }),
    'sign-in',
    deps.addressOf,
  );
  const ownPagesOnly = refuseOtherSitesWithoutFetchMetadata({ appOrigin: deps.appUrl.origin });

  return routes
    .openapi(authRoutes.mode, (c) => c.json({ mode: deps.provider.mode }, 200))
    .openapi({ ...authRoutes.redirectUrl, middleware: limitSignIn }, async (c) => {
      const { redirectUrl, state } = await beginSignIn({
        db: deps.db,
        provider: deps.provider,
        appUrl: deps.appUrl,
        now: deps.now(),
        ttlMs: SIGN_IN_TTL_MS,
      });
      deps.cookies.writeSignInState(c, state);
      return c.json({ redirectUrl }, 200);
    })
    .openapi({ ...authRoutes.createSession, middleware: limitSignIn }, async (c) => {
      const { code, state } = c.req.valid('json');
      const browserState = deps.cookies.readSignInState(c);
      // A sign-in attempt is single use, whatever the outcome: a replayed code or state finds nothing.
      deps.cookies.clearSignInState(c);
      const now = deps.now();
      const { user, token, expiresAt } = await completeSignIn({
        db: deps.db,
        provider: deps.provider,
        appUrl: deps.appUrl,
        browserState,
        code,
        state,
        previousSessionToken: deps.cookies.readSession(c),
        device: deviceOfUserAgent(c.req.header('user-agent')),
        refuseTestingDomains: deps.refuseTestingDomains,
        now,
      });
      deps.cookies.writeSession(c, token, expiresAt, now);
      deps.vouched?.vouch(hashSessionToken(token));
      c.get('logger').info({ userId: user.id, provider: deps.provider.mode }, 'member signed in');
      return c.json({ success: true } as const, 200);
    })
    .openapi(
      {
        ...authRoutes.devAuthorize,
        hide: devProvider === null,
        middleware: [
          async (_c, next) => {
            requireDevProvider();
            await next();
          },
          limitSignIn,
        ],
      },
      (c) => c.json({ redirectUrl: requireDevProvider().authorize(c.req.valid('json')) }, 200),
    )
    .openapi(authRoutes.me, (c) => c.json(presentUser(c.get('member').user), 200))
    .openapi({ ...authRoutes.logout, middleware: ownPagesOnly }, (c) => logout(c))
    .openapi({ ...authRoutes.logoutPost, middleware: ownPagesOnly }, (c) => logout(c))
    .openapi(authRoutes.listSessions, async (c) => {
      const { tokenHash } = c.get('member');
      const sessions = await listMemberSessions(deps.db, memberIdOf(c), tokenHash, deps.now());
      return c.json({ sessions }, 200);
    })
    .openapi(authRoutes.endOtherSessions, async (c) => {
      const ended = await endOtherSessions(deps.db, memberIdOf(c), c.get('member').tokenHash);
      if (ended > 0) tellStreams(memberIdOf(c));
      return c.json({ ended }, 200);
    })
    .openapi(authRoutes.endSession, async (c) => {
      const { id } = c.req.valid('param');
      const { endedCurrent } = await endMemberSession(deps.db, memberIdOf(c), id, c.get('member').tokenHash);
      tellStreams(memberIdOf(c));
      if (endedCurrent) signOutBrowser(c);
      return c.json({ success: true } as const, 200);
    });
}
