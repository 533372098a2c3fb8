import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { errorStatusByCode } from '#shared/error-codes.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { type TokenScope, tokenScopeSchema } from '#shared/tokens.ts';
import type { AppEnv } from './app-env.ts';
import { refuseInvalidInput } from './validation.ts';

/**
 * What lets a request through only with a live session, or a personal access token holding one of the scopes
 * the route `accepts`, and names its member (`member` on the context, read with `memberIdOf`); else 401 (no
 * live credential) or 403 `insufficient_scope` (a token without those scopes; a route that accepts none is
 * never a token's). The auth feature makes it (require-member.ts); the app hands it to every router that
 * declares a route a member needs, which asks it for each route's middleware.
 */
export type RequireMember = (accepts: readonly TokenScope[]) => MiddlewareHandler<AppEnv>;

/** The name of the personal access token's security scheme in the document (openapi-document.ts). */
export const TOKEN_SECURITY = 'accessToken';

/**
 * The API's routes are declared, not just registered: each names its path parameters, query, body and answers
 * with the shared zod schemas. The declaration validates the request (validation.ts), types the handler and
 * the web client (`hc`, src/web/lib/api-client.ts), and is the OpenAPI document (`GET /api/openapi.json`), so
 * the contract is written once (docs/decisions/0018-one-api-contract.md).
 *
 * Sign-in is the default: every route this router declares runs `requireMember` first, before its own middleware
 * and its validators, unless its declaration says `public: true`, which is also what the document's `security`
 * says. A router without `requireMember` declares public routes only, and refuses any other at start-up.
 */
export function createApiRouter(requireMember?: RequireMember) {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalidInput });
  const declare = router.openapi;
  router.openapi = ((route, handler, hook) =>
    declare(withSignIn(route, requireMember), handler, hook)) as typeof declare;
  return router;
}

/**
 * The route with `requireMember` ahead of its own middleware, unless it is declared public (`security: []`). The
 * scopes a token needs are read from the declaration's `security` (apiRoute), so the document and the check are
 * the same words.
 */
function withSignIn<R extends RouteConfig>(route: R, requireMember: RequireMember | undefined): R {
  if (route.security?.length === 0) return route;
  if (!requireMember) {
    throw new Error(
      `${route.method.toUpperCase()} ${route.path} needs a member: declare it on a router given requireMember`,
    );
  }
  const own = route.middleware === undefined ? [] : [route.middleware].flat();
  const accepts = (route.security ?? [])
    .flatMap((requirement) => requirement[TOKEN_SECURITY] ?? [])
    .map((scope) => tokenScopeSchema.parse(scope));
  return { ...route, middleware: [requireMember(accepts), ...own] };
}

/**
 * Every failure answers the one error body, with the status its code gives (src/shared/errors.ts). Each route
 * declares every failure status, named by its codes: any route can be refused at the edge (400, 403, 413, 415,
 * 503) and most by a service, and a client handles them all the same way, by `code`.
 */
const failureStatuses = [...new Set(Object.values(errorStatusByCode))].sort((a, b) => a - b);

function failureResponse(status: number) {
  const codes = Object.entries(errorStatusByCode)
    .filter(([, codeStatus]) => codeStatus === status)
    .map(([code]) => `\`${code}\``);
  return {
    description: `Refused or failed: ${codes.join(', ')}`,
    content: { 'application/json': { schema: apiErrorBodySchema } },
  } as const;
}

type FailureStatus = (typeof errorStatusByCode)[keyof typeof errorStatusByCode];
type FailureResponses = Record<FailureStatus, ReturnType<typeof failureResponse>>;

const failureResponses = Object.fromEntries(
  failureStatuses.map((status) => [status, failureResponse(status)]),
) as FailureResponses;

type Declared = Omit<RouteConfig, 'responses' | 'security' | 'operationId'> & {
  /**
   * The operation's stable name, verb then noun in camelCase (`listTasks`, `updatePomodoroTimer`): what generated
   * clients call the method (openapi-typescript, openapi-generator). Unique in the document
   * (tests/server/api-contract.test.ts); renaming one breaks those clients like changing a path would.
   */
  operationId: string;
  responses: RouteConfig['responses'];
  /** Answers without a session (sign-in, health of the sign-in mode); every other route needs one. */
  public?: boolean;
  /**
   * The personal access token scopes that also let a request in (any one of them), with `Authorization: Bearer`
   * instead of the session cookie; without them a token is refused (403 `insufficient_scope`). The one place
   * that decides which routes a token reaches: the document shows it as the route's `accessToken` security.
   */
  scopes?: readonly TokenScope[];
};

/**
 * One route's contract. Adds what every route shares: its failure answers and, unless the route is public, the
 * session cookie it needs, or a token of one of its `scopes`.
 */
export function apiRoute<const P extends string, const R extends Declared & { path: P }>(declared: R) {
  const { public: isPublic, scopes, ...route } = declared;
  const token = scopes?.length ? [{ [TOKEN_SECURITY]: [...scopes] }] : [];
  return createRoute({
    ...route,
    security: isPublic ? [] : [{ session: [] }, ...token],
    responses: { ...route.responses, ...failureResponses },
  }) as unknown as Omit<R, 'public' | 'scopes'> & {
    responses: R['responses'] & FailureResponses;
    getRoutingPath(): string;
  };
}

/** A JSON answer (or body) of one schema. */
export function json<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/** A required JSON request body of one schema. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}
