import { z } from 'zod';

/**
 * Personal access tokens: an outside script or agent (Claude, Cursor, Open WebUI through MCP) acting for the
 * member within the scopes the member chose. A token is `lum_` + 43 base64url characters (32 random bytes), sent
 * as `Authorization: Bearer lum_…`; the server keeps only its SHA-256.
 */

export const TOKEN_PREFIX = 'lum_';

export const tokenScopes = [
  'tasks:read',
  'tasks:write',
  'calendar:read',
  'focus:read',
  'focus:write',
  'mcp',
] as const;
export const tokenScopeSchema = z.enum(tokenScopes);
export type TokenScope = z.infer<typeof tokenScopeSchema>;

export const TOKEN_LIMITS = {
  nameMax: 80,
  /** Tokens one member may hold at once. */
  perMember: 20,
  expiresInDaysMax: 366,
  /** Calls listed per token in Settings → Connected apps (older ones are dropped). */
  callsKept: 50,
  resultMax: 500,
} as const;

/** `POST /api/tokens`. Without `expires_in_days` the token lasts until revoked. */
export const createTokenRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(TOKEN_LIMITS.nameMax),
    scopes: z.array(tokenScopeSchema).min(1).max(tokenScopes.length),
    expires_in_days: z.number().int().min(1).max(TOKEN_LIMITS.expiresInDaysMax).optional(),
  })
  .strict();
export type CreateTokenRequest = z.infer<typeof createTokenRequestSchema>;

/** A token as listed: never the token itself. */
export const accessTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(tokenScopeSchema),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof accessTokenSchema>;
export const accessTokenListSchema = z.array(accessTokenSchema);

/** The answer of `POST /api/tokens`: the one time the token is shown. */
export const createdTokenSchema = accessTokenSchema
  .pick({ id: true, name: true, scopes: true, created_at: true, expires_at: true })
  .extend({ token: z.string() })
  .meta({ id: 'CreatedAccessToken' });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

/** One tool call an outside agent made with a token (MCP), as Settings → Connected apps lists it. */
export const tokenCallSchema = z
  .object({
    id: z.number().int(),
    token_id: z.number().int(),
    tool: z.string(),
    ok: z.boolean(),
    result: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'AccessTokenCall' });
export type TokenCall = z.infer<typeof tokenCallSchema>;
export const tokenCallListSchema = z.array(tokenCallSchema);
