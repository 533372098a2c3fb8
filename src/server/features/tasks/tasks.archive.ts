import { and, asc, eq, isNull } from 'drizzle-orm';
import { tasks } from '#server/db/schema.ts';
import { listArchiveAdapter, notAfter, samenessKey } from '#server/lib/data/archive-adapter.ts';
import { awardTaskWarriorIfEarned, countTaskChange } from './tasks.service.ts';

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * The member's tasks in an archive: the ones not deleted. On import the archive's tasks (held by the schema to
 * the task routes' rules) are added unless an exact copy is already the member's; dates are never later than the
 * import; Task Warrior is earned again from what was completed, as completing a task earns it.
 */
export const tasksArchive = listArchiveAdapter({
  kind: 'tasks',
  rows: (reader, memberId) =>
    reader
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, memberId), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.id)),
  describe: (task) => ({
    id: task.id,
    title: task.title,
    status: task.status,
    labels: task.labels,
    due_date: task.dueDate,
    position: task.position,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
    completed_at: isoOrNull(task.completedAt),
  }),
  key: ({ id: _id, ...task }) => samenessKey(task),
  normalize(task, _index, { now }) {
    const at = notAfter(now);
    return {
      ...task,
      created_at: at(task.created_at).toISOString(),
      updated_at: at(task.updated_at).toISOString(),
      completed_at: task.completed_at === null ? null : at(task.completed_at).toISOString(),
    };
  },
  // The task list's version (its ETag) moves, as with every change to the member's tasks.
  beforeWrite: (tx, memberId) => countTaskChange(tx, memberId),
  insert: (tx, memberId, chunk) =>
    tx.insert(tasks).values(
      chunk.map((task) => ({
        userId: memberId,
        title: task.title,
        status: task.status,
        labels: task.labels,
        dueDate: task.due_date,
        position: task.position,
        createdAt: new Date(task.created_at),
        updatedAt: new Date(task.updated_at),
        completedAt: task.completed_at === null ? null : new Date(task.completed_at),
      })),
    ),
  async afterCommit(db, memberId, fresh, now) {
    if (fresh.some((task) => task.completed_at !== null)) await awardTaskWarriorIfEarned(db, memberId, now);
  },
});
