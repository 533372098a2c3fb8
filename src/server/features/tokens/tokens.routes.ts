import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import { successSchema } from '#shared/api.ts';
import {
  accessTokenListSchema,
  createdTokenSchema,
  createTokenRequestSchema,
  TOKEN_LIMITS,
  tokenCallListSchema,
} from '#shared/tokens.ts';
import {
  createAccessToken,
  listAccessTokenCalls,
  listAccessTokens,
  revokeAccessToken,
} from './tokens.service.ts';

/**
 * Personal access tokens, made and revoked in Settings → Connected apps. These routes take the session cookie
 * only: they declare no `scopes`, so no token reaches them, and a token can never make another token.
 */
export const tokenRoutes = {
  create: apiRoute({
    method: 'post',
    path: '/api/tokens',
    operationId: 'createAccessToken',
    tags: ['Tokens'],
    summary: 'Make a personal access token',
    description:
      '**201** the token, `lum_` and 43 base64url characters, shown in this answer only (the server keeps ' +
      'its SHA-256). Send it as `Authorization: Bearer lum_…`: it reaches the routes that accept one of its ' +
      '`scopes` (each route lists them as its `accessToken` security), nothing else. Without ' +
      '`expires_in_days` it lasts until revoked. At most ' +
      `${TOKEN_LIMITS.perMember} tokens at once: one more **409**. Not with a token: **403** ` +
      '`insufficient_scope`.',
    request: { body: jsonBody(createTokenRequestSchema) },
    responses: { 201: json(createdTokenSchema, 'The token, shown this once') },
  }),
  list: apiRoute({
    method: 'get',
    path: '/api/tokens',
    operationId: 'listAccessTokens',
    tags: ['Tokens'],
    summary: "The member's personal access tokens",
    description:
      'Newest first, expired ones included; never the token itself. `last_used_at` is when it last ' +
      'authenticated a request, to the minute.',
    responses: { 200: json(accessTokenListSchema, 'The tokens') },
  }),
  calls: apiRoute({
    method: 'get',
    path: '/api/tokens/calls',
    operationId: 'listAccessTokenCalls',
    tags: ['Tokens'],
    summary: 'What outside agents did with the tokens',
    description:
      `The member's latest ${TOKEN_LIMITS.callsKept} tool calls made through MCP with any of their tokens, ` +
      `newest first (the newest ${TOKEN_LIMITS.callsKept} of each token are kept), each with its result in ` +
      `a line of at most ${TOKEN_LIMITS.resultMax} characters.`,
    responses: { 200: json(tokenCallListSchema, 'The calls') },
  }),
  revoke: apiRoute({
    method: 'delete',
    path: '/api/tokens/{id}',
    operationId: 'revokeAccessToken',
    tags: ['Tokens'],
    summary: 'Revoke a personal access token',
    description:
      "At once: its next request **401**. Its calls are forgotten with it. Another member's or an unknown " +
      'id **404**.',
    request: { params: idParams('accessToken') },
    responses: { 200: json(successSchema, 'Revoked') },
  }),
};

export function createTokenRoutes(deps: { db: Db; requireMember: RequireMember; now: () => Date }) {
  return createApiRouter(deps.requireMember)
    .openapi(tokenRoutes.create, async (c) =>
      c.json(await createAccessToken(deps.db, memberIdOf(c), c.req.valid('json'), deps.now()), 201),
    )
    .openapi(tokenRoutes.list, async (c) => c.json(await listAccessTokens(deps.db, memberIdOf(c)), 200))
    .openapi(tokenRoutes.calls, async (c) => c.json(await listAccessTokenCalls(deps.db, memberIdOf(c)), 200))
    .openapi(tokenRoutes.revoke, async (c) => {
      await revokeAccessToken(deps.db, memberIdOf(c), c.req.valid('param').id);
      return c.json({ success: true as const }, 200);
    });
}
