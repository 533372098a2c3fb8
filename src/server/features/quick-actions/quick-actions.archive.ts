import { asc, eq } from 'drizzle-orm';
import { quickActions } from '#server/db/schema.ts';
import {
  type ArchiveAdapter,
  insertInChunks,
  notAfter,
  notYetHeld,
  samenessKey,
} from '#server/lib/archive-adapter.ts';
import { AppError } from '#server/lib/errors.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';
import { quickActionPayloadSchema } from '#shared/quick-actions.ts';
import { countQuickActions, lockMemberActions, MAX_QUICK_ACTIONS } from './quick-actions.service.ts';

type ArchiveAction = ArchiveContents['quick_actions'][number];

/** An action is what its button does: when it was made does not tell two apart (both sides seed the defaults). */
const actionKey = ({ created_at: _created, ...action }: ArchiveAction) => samenessKey(action);

const tooMany = () =>
  new AppError(
    'conflict',
    `This archive would give you more than ${MAX_QUICK_ACTIONS} quick actions, the most there can be: delete some first`,
  );

/**
 * The member's own quick actions. On import (each held by the schema to the create route's rules) an action is
 * added unless the member has one that does the same; as at `POST /api/quick-actions`, the member never ends up
 * with more than `MAX_QUICK_ACTIONS`: an archive that would pass it is refused whole.
 */
export const quickActionsArchive: ArchiveAdapter = {
  kinds: ['quick_actions'],
  async collect(tx, memberId) {
    const rows = await tx
      .select()
      .from(quickActions)
      .where(eq(quickActions.userId, memberId))
      .orderBy(asc(quickActions.id));
    return { contents: { quick_actions: rows.map(describe) }, files: [] };
  },
  async plan(reader, { memberId, contents, now }) {
    const at = notAfter(now);
    const held = await reader.select().from(quickActions).where(eq(quickActions.userId, memberId));
    const fresh = notYetHeld(contents.quick_actions, held.map(describe).map(actionKey), actionKey);
    if (held.length + fresh.length > MAX_QUICK_ACTIONS) throw tooMany();
    return {
      adds: { quick_actions: fresh.length },
      files: [],
      async write(tx) {
        if (fresh.length === 0) return;
        // Counted again under the lock the create route takes, so a create meanwhile cannot pass the limit.
        await lockMemberActions(tx, memberId);
        if ((await countQuickActions(tx, memberId)) + fresh.length > MAX_QUICK_ACTIONS) throw tooMany();
        await insertInChunks(fresh, (chunk) =>
          tx.insert(quickActions).values(
            chunk.map((action) => ({
              userId: memberId,
              label: action.label,
              icon: action.icon,
              category: action.category,
              payload: action.payload,
              createdAt: at(action.created_at),
            })),
          ),
        );
      },
    };
  },
};

function describe(row: typeof quickActions.$inferSelect): ArchiveAction {
  return {
    label: row.label,
    icon: row.icon,
    category: row.category,
    payload: quickActionPayloadSchema.parse(row.payload),
    created_at: row.createdAt.toISOString(),
  };
}
