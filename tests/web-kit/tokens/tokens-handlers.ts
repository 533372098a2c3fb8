import { http } from 'msw';
import { successSchema } from '#shared/api.ts';
import {
  type AccessToken,
  accessTokenListSchema,
  createdTokenSchema,
  createTokenRequestSchema,
  TOKEN_LIMITS,
  type TokenCall,
  tokenCallListSchema,
} from '#shared/tokens.ts';
import { contractAnswer, errorResponse } from '../http-answers.ts';
import { server } from '../msw-server.ts';

/** The token the fake answers to every create: `lum_` and 43 base64url characters, as the server's are. */
export const FAKE_TOKEN = `lum_${'Ab3_'.repeat(10)}xyz`;

const refused = () => errorResponse(429, 'rate_limited');

/** A listed token, as `GET /api/tokens` answers it. */
export function buildAccessToken(overrides: Partial<AccessToken> = {}): AccessToken {
  return {
    id: 1,
    name: 'Claude Desktop',
    scopes: ['tasks:read', 'mcp'],
    created_at: '2026-11-20T09:00:00.000Z',
    expires_at: null,
    last_used_at: null,
    ...overrides,
  };
}

/**
 * A fake of the personal access token routes (src/shared/tokens.ts) for one member, in memory, answered through
 * the contract's schemas: newest first, at most TOKEN_LIMITS.perMember (409 beyond). `fail` makes a list answer
 * 429 (a refusal the query client does not retry, so the error shows at once). Answers the state, for tests to change and read.
 */
export function serveTokens({
  tokens = [],
  calls = [],
  fail = {},
}: {
  tokens?: AccessToken[];
  calls?: TokenCall[];
  fail?: { list?: boolean; calls?: boolean };
} = {}) {
  const state = { tokens: [...tokens], calls: [...calls], nextId: 100 };
  server.use(
    http.get('/api/tokens', () =>
      fail.list ? refused() : contractAnswer(accessTokenListSchema, state.tokens),
    ),
    http.get('/api/tokens/calls', () =>
      fail.calls ? refused() : contractAnswer(tokenCallListSchema, state.calls),
    ),
    http.post('/api/tokens', async ({ request }) => {
      const body = createTokenRequestSchema.safeParse(await request.json());
      if (!body.success) return errorResponse(400, 'validation_failed');
      if (state.tokens.length >= TOKEN_LIMITS.perMember) return errorResponse(409, 'conflict');
      const createdAt = new Date('2026-11-22T09:00:00.000Z');
      const token = buildAccessToken({
        id: state.nextId++,
        name: body.data.name,
        scopes: body.data.scopes,
        created_at: createdAt.toISOString(),
        expires_at: body.data.expires_in_days
          ? new Date(createdAt.getTime() + body.data.expires_in_days * 86_400_000).toISOString()
          : null,
      });
      state.tokens.unshift(token);
      const { last_used_at: _never, ...created } = token;
      return contractAnswer(createdTokenSchema, { ...created, token: FAKE_TOKEN }, 201);
    }),
    http.delete('/api/tokens/:id', ({ params }) => {
      const id = Number(params.id);
      if (!state.tokens.some((token) => token.id === id)) return errorResponse(404, 'not_found');
      state.tokens = state.tokens.filter((token) => token.id !== id);
      state.calls = state.calls.filter((call) => call.token_id !== id);
      return contractAnswer(successSchema, { success: true });
    }),
  );
  return { state };
}

/** Settings' Connected apps card for a member with no tokens yet: nothing listed, no calls. */
export function emptyTokenHandlers() {
  return [
    http.get('/api/tokens', () => contractAnswer(accessTokenListSchema, [])),
    http.get('/api/tokens/calls', () => contractAnswer(tokenCallListSchema, [])),
  ];
}
