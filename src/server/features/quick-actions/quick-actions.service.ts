import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { quickActions, users } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import {
  createQuickActionRequestSchema,
  defaultQuickActions,
  type QuickAction,
  quickActionPayloadSchema,
} from '#shared/quick-actions.ts';

/**
 * Quick actions are a row of buttons above the studio's input, not a library: 50 is more than a member can use,
 * and bounds what one member can store.
 */
export const MAX_QUICK_ACTIONS = 50;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A validated create body: defaults applied, payload an object. */
export type NewQuickAction = z.output<typeof createQuickActionRequestSchema>;

/** The action as the API shows it: the payload as an object, never as JSON text. */
export function presentQuickAction(row: typeof quickActions.$inferSelect): QuickAction {
  return {
    id: row.id,
    label: row.label,
    icon: row.icon,
    category: row.category,
    // Only ever written after `quickActionPayloadSchema` accepted it; parsing again keeps the answer's type honest.
    payload: quickActionPayloadSchema.parse(row.payload),
  };
}

/** A member's actions, oldest first (the order they were made or seeded in). */
export async function listQuickActions(db: Db | Tx, userId: number): Promise<QuickAction[]> {
  const rows = await db
    .select()
    .from(quickActions)
    .where(eq(quickActions.userId, userId))
    .orderBy(asc(quickActions.id));
  return rows.map(presentQuickAction);
}

/**
 * Serialises a member's quick-action writes: the count-then-insert below would otherwise let two concurrent
 * requests both see room (or both see none yet). The member's own `users` row is the lock, as tasks and widgets
 * do it; it works the same on PGlite and PostgreSQL.
 */
export async function lockMemberActions(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countQuickActions(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(quickActions).where(eq(quickActions.userId, userId));
  return row?.n ?? 0;
}

export async function createQuickAction(
  db: Db,
  userId: number,
  input: NewQuickAction,
  now: Date,
): Promise<QuickAction> {
  return db.transaction(async (tx) => {
    await lockMemberActions(tx, userId);
    if ((await countQuickActions(tx, userId)) >= MAX_QUICK_ACTIONS) {
      throw new AppError('conflict', say('server.quickActions.atMost', { max: MAX_QUICK_ACTIONS }));
    }
    const [row] = await tx
      .insert(quickActions)
      .values({
        userId,
        label: input.label,
        icon: input.icon,
        category: input.category,
        payload: input.payload,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('insert into quick_actions returned no row');
    return presentQuickAction(row);
  });
}

/** Removes one of the member's actions; another member's or an unknown id is 404. */
export async function deleteQuickAction(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(quickActions)
    .where(and(eq(quickActions.id, id), eq(quickActions.userId, userId)))
    .returning({ id: quickActions.id });
  if (deleted.length === 0) throw notFound('quickAction');
}

/** The five defaults as they are stored: parsed like any member's action, so their defaults apply too. */
const seedActions: NewQuickAction[] = defaultQuickActions.map((action) =>
  createQuickActionRequestSchema.parse(action),
);

/**
 * Gives a member the five default actions, only
 * when they have none. One transaction holding the member's lock, so a double click or two tabs seed once: the
 * second call waits, then finds the five and adds nothing. Answers the member's list and whether it seeded.
 */
export async function seedQuickActions(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ seeded: boolean; actions: QuickAction[] }> {
  return db.transaction(async (tx) => {
    await lockMemberActions(tx, userId);
    const seeded = (await countQuickActions(tx, userId)) === 0;
    if (seeded) {
      // One row per statement keeps the ids (and so the list order) in the defaults' order.
      for (const action of seedActions) {
        await tx.insert(quickActions).values({ userId, ...action, createdAt: now });
      }
    }
    return { seeded, actions: await listQuickActions(tx, userId) };
  });
}
