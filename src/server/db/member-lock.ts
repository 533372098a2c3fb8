import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { users } from './schema.ts';

/** A transaction of `Db`, as `db.transaction` hands it to its callback. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the member's `users` row until the transaction ends: what serialises a member's count-then-insert under a
 * limit (two requests at once cannot both see room for one more), on PGlite and PostgreSQL alike, across servers.
 */
export async function lockMemberRow(tx: DbTransaction, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
