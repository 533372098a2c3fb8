import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { signInAttempts } from '#server/db/schema.ts';

export type SignInAttempt = { state: string; nonce: string; codeVerifier: string };

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

export async function recordSignInAttempt(
  db: Db,
  attempt: SignInAttempt,
  now: Date,
  ttlMs: number,
): Promise<void> {
  // Abandoned attempts are swept on a schedule (sign-in-sweep.ts), not here: this path is public.
  await db.insert(signInAttempts).values({
    stateHash: hashState(attempt.state),
    nonce: attempt.nonce,
    codeVerifier: attempt.codeVerifier,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
}

/** Takes the attempt out in one statement: of two concurrent exchanges of one state, only one gets it. */
export async function consumeSignInAttempt(db: Db, state: string, now: Date): Promise<SignInAttempt | null> {
  const [row] = await db
    .delete(signInAttempts)
    .where(eq(signInAttempts.stateHash, hashState(state)))
    .returning();
  if (!row || row.expiresAt <= now) return null;
  return { state, nonce: row.nonce, codeVerifier: row.codeVerifier };
}
