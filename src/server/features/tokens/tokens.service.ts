import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { accessTokenCalls, accessTokens, users } from '#server/db/schema.ts';
import type { SessionMember } from '#server/lib/http/app-env.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import {
  type AccessToken,
  type CreatedToken,
  type CreateTokenRequest,
  TOKEN_LIMITS,
  TOKEN_PREFIX,
  type TokenCall,
  type TokenScope,
  tokenScopeSchema,
} from '#shared/tokens.ts';

const DAY_MS = 24 * 60 * 60_000;
/** `last_used_at` is written at most this often per token: a busy script's reads stay reads. */
const LAST_USED_EVERY_MS = 60_000;
/** What follows a token's prefix: 32 random bytes in base64url (43 characters, no padding). */
const TOKEN_SECRET = /^[A-Za-z0-9_-]{43}$/;
const hasTokenShape = (token: string) =>
  token.startsWith(TOKEN_PREFIX) && TOKEN_SECRET.test(token.slice(TOKEN_PREFIX.length));

/** Only the SHA-256 of a token is kept: a copy of the database holds nothing a script could send. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The scopes a row holds, those this server still knows (a scope dropped from the contract grants nothing). */
function scopesOf(stored: readonly string[]): TokenScope[] {
  return stored.flatMap((scope) => {
    const known = tokenScopeSchema.safeParse(scope);
    return known.success ? [known.data] : [];
  });
}

const tokenColumns = {
  id: accessTokens.id,
  name: accessTokens.name,
  scopes: accessTokens.scopes,
  createdAt: accessTokens.createdAt,
  expiresAt: accessTokens.expiresAt,
  lastUsedAt: accessTokens.lastUsedAt,
};

function presentToken(row: {
  id: number;
  name: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Makes a token for the member: answered once, here, and never again (only its hash is kept). At most
 * `TOKEN_LIMITS.perMember` at once (409 beyond): the member's `users` row is locked for the count and the
 * insert, so two requests at once cannot both take the last place.
 */
export async function createAccessToken(
  db: Db,
  userId: number,
  input: CreateTokenRequest,
  now: Date,
): Promise<CreatedToken> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const scopes = [...new Set(input.scopes)];
  const expiresAt =
    input.expires_in_days === undefined ? null : new Date(now.getTime() + input.expires_in_days * DAY_MS);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx.select({ n: count() }).from(accessTokens).where(eq(accessTokens.userId, userId));
    if ((held?.n ?? 0) >= TOKEN_LIMITS.perMember) {
      throw new AppError('conflict', say('server.tokens.tooMany', { max: TOKEN_LIMITS.perMember }));
    }
    const [row] = await tx
      .insert(accessTokens)
      .values({
        userId,
        name: input.name,
        tokenHash: hashAccessToken(token),
        scopes,
        createdAt: now,
        expiresAt,
      })
      .returning(tokenColumns);
    if (!row) throw new Error('insert into access_tokens returned no row');
    const { last_used_at: _never, ...created } = presentToken(row);
    return { ...created, token };
  });
}

/** The member's tokens, newest first, expired ones included (so the member sees why a script stopped). */
export async function listAccessTokens(db: Db, userId: number): Promise<AccessToken[]> {
  const rows = await db
    .select(tokenColumns)
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.id));
  return rows.map(presentToken);
}

/** Revokes one of the member's tokens at once (its calls go with it); another member's or an unknown id is 404. */
export async function revokeAccessToken(db: Db, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  if (removed.length === 0) throw notFound('accessToken');
}

/** The member's most recent token calls, newest first, for Settings → Connected apps. */
export async function listAccessTokenCalls(db: Db, userId: number): Promise<TokenCall[]> {
  const rows = await db
    .select()
    .from(accessTokenCalls)
    .where(eq(accessTokenCalls.userId, userId))
    .orderBy(desc(accessTokenCalls.id))
    .limit(TOKEN_LIMITS.callsKept);
  return rows.map((row) => ({
    id: row.id,
    token_id: row.tokenId,
    tool: row.tool,
    ok: row.ok,
    result: row.result,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * Records one call an outside agent made with a token (the MCP server calls this for each tool call), keeping
 * the newest `TOKEN_LIMITS.callsKept` of the token, its result cut to `resultMax` characters. The result is text
 * for the member to read, so what PostgreSQL cannot store (NUL, a lone surrogate) is replaced rather than failing
 * the call being recorded.
 */
export async function recordTokenCall(
  db: Db,
  call: { tokenId: number; userId: number; tool: string; ok: boolean; result: string; now: Date },
): Promise<void> {
  const result = storable(call.result);
  await db.transaction(async (tx) => {
    await tx.insert(accessTokenCalls).values({
      tokenId: call.tokenId,
      userId: call.userId,
      tool: storable(call.tool).slice(0, 100),
      ok: call.ok,
      result:
        result.length > TOKEN_LIMITS.resultMax ? `${result.slice(0, TOKEN_LIMITS.resultMax - 1)}…` : result,
      createdAt: call.now,
    });
    const kept = tx
      .select({ id: accessTokenCalls.id })
      .from(accessTokenCalls)
      .where(eq(accessTokenCalls.tokenId, call.tokenId))
      .orderBy(desc(accessTokenCalls.id))
      .limit(TOKEN_LIMITS.callsKept);
    await tx
      .delete(accessTokenCalls)
      .where(and(eq(accessTokenCalls.tokenId, call.tokenId), notInArray(accessTokenCalls.id, kept)));
  });
}

/** Text as PostgreSQL keeps it: NULs dropped, lone surrogates (`\p{Cs}` with `u`: unpaired only) made U+FFFD. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '').replace(/\p{Cs}/gu, '\uFFFD');
}

/**
 * The member a bearer token names, shaped as a session's (`c.get('member')`), or null when the token is
 * malformed, unknown (never made, or revoked: its row is gone), expired, or its member is no longer one.
 * `last_used_at` is written at most once a minute per token.
 */
export async function findTokenMember(db: Db, token: string, now: Date): Promise<SessionMember | null> {
  if (!hasTokenShape(token)) return null;
  const tokenHash = hashAccessToken(token);
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
      scopes: accessTokens.scopes,
      expiresAt: accessTokens.expiresAt,
      lastUsedAt: accessTokens.lastUsedAt,
      user: {
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        name: users.name,
        picture: users.picture,
        createdAt: users.createdAt,
        lastSignedInAt: users.lastSignedInAt,
        tasksVersion: users.tasksVersion,
      },
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, tokenHash), eq(users.kind, 'member')))
    .limit(1);
  if (!row || (row.expiresAt && row.expiresAt <= now)) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db
      .update(accessTokens)
      .set({ lastUsedAt: now })
      // Another server may have just written it: only a write that moves it forward.
      .where(
        and(
          eq(accessTokens.id, row.tokenId),
          or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, now)),
        ),
      );
  }
  return {
    user: row.user,
    tokenHash,
    renewedUntil: null,
    accessToken: { id: row.tokenId, scopes: scopesOf(row.scopes) },
  };
}
