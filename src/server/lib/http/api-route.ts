import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { AppEnv } from '#server/lib/http/app-env.ts';
import { errorStatusByCode } from '#shared/error-codes.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { refuseInvalidInput } from './validation.ts';

/**
 * The API's routes are declared, not just registered: each names its path parameters, query, body and answers
 * with the shared zod schemas. The declaration validates the request (validation.ts), types the handler and
 * the web client (`hc`, src/web/lib/api-client.ts), and is the OpenAPI document (`GET /api/openapi.json`), so
 * the contract is written once (docs/decisions/0018-one-api-contract.md).
 */
export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalidInput });
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

type Declared = Omit<RouteConfig, 'responses' | 'security'> & {
  responses: RouteConfig['responses'];
  /** Answers without a session (sign-in, health of the sign-in mode); every other route needs one. */
  public?: boolean;
};

/**
 * One route's contract. Adds what every route shares: its failure answers and, unless the route is public, the
 * session cookie it needs.
 */
export function apiRoute<const P extends string, const R extends Declared & { path: P }>(declared: R) {
  const { public: isPublic, ...route } = declared;
  return createRoute({
    ...route,
    security: isPublic ? [] : [{ session: [] }],
    responses: { ...route.responses, ...failureResponses },
  }) as unknown as Omit<R, 'public'> & {
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
