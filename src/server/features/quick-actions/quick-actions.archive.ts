import { asc, eq } from 'drizzle-orm';
import { quickActions } from '#server/db/schema.ts';
import { listArchiveAdapter, notAfter, samenessKey } from '#server/lib/data/archive-adapter.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import { quickActionPayloadSchema } from '#shared/quick-actions.ts';
import { countQuickActions, lockMemberActions, MAX_QUICK_ACTIONS } from './quick-actions.service.ts';

const tooMany = () =>
  new AppError('conflict', say('server.archive.tooManyQuickActions', { max: MAX_QUICK_ACTIONS }));

/**
 * The member's own quick actions. On import (each held by the schema to the create route's rules) an action is
 * added unless the member has one that does the same (when it was made does not tell two apart: both sides seed
 * the defaults); as at `POST /api/quick-actions`, the member never ends up with more than `MAX_QUICK_ACTIONS`: an
 * archive that would pass it is refused whole.
 */
export const quickActionsArchive = listArchiveAdapter({
  kind: 'quick_actions',
  rows: (reader, memberId) =>
    reader.select().from(quickActions).where(eq(quickActions.userId, memberId)).orderBy(asc(quickActions.id)),
  describe: (row) => ({
    label: row.label,
    icon: row.icon,
    category: row.category,
    payload: quickActionPayloadSchema.parse(row.payload),
    created_at: row.createdAt.toISOString(),
  }),
  key: ({ created_at: _created, ...action }) => samenessKey(action),
  normalize: (action, _index, { now }) => ({
    ...action,
    created_at: notAfter(now)(action.created_at).toISOString(),
  }),
  check(held, fresh) {
    if (held.length + fresh.length > MAX_QUICK_ACTIONS) throw tooMany();
  },
  async beforeWrite(tx, memberId, fresh) {
    // Counted again under the lock the create route takes, so a create meanwhile cannot pass the limit.
    await lockMemberActions(tx, memberId);
    if ((await countQuickActions(tx, memberId)) + fresh.length > MAX_QUICK_ACTIONS) throw tooMany();
  },
  insert: (tx, memberId, chunk) =>
    tx.insert(quickActions).values(
      chunk.map((action) => ({
        userId: memberId,
        label: action.label,
        icon: action.icon,
        category: action.category,
        payload: action.payload,
        createdAt: new Date(action.created_at),
      })),
    ),
});
