import { and, asc, eq, isNull } from 'drizzle-orm';
import { tasks } from '#server/db/schema.ts';
import {
  type ArchiveAdapter,
  insertInChunks,
  notAfter,
  notYetHeld,
  samenessKey,
} from '#server/lib/archive-adapter.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';
import { awardTaskWarriorIfEarned, countTaskChange } from './tasks.service.ts';

type ArchiveTask = ArchiveContents['tasks'][number];
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/** A task's identity for "already the member's": everything it says but its archive id. */
const taskKey = ({ id: _id, ...task }: ArchiveTask) => samenessKey(task);

/**
 * The member's tasks in an archive: the ones not deleted. On import the archive's tasks (held by the schema to
 * the task routes' rules) are added unless an exact copy is already the member's; dates are never later than the
 * import; Task Warrior is earned again from what was completed, as completing a task earns it.
 */
export const tasksArchive: ArchiveAdapter = {
  kinds: ['tasks'],
  async collect(tx, memberId) {
    const rows = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, memberId), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.id));
    return {
      contents: { tasks: rows.map((task) => ({ id: task.id, ...describe(task) })) },
      files: [],
    };
  },
  async plan(reader, { memberId, contents, now }) {
    const at = notAfter(now);
    const archived = contents.tasks.map((task) => ({
      ...task,
      created_at: at(task.created_at).toISOString(),
      updated_at: at(task.updated_at).toISOString(),
      completed_at: task.completed_at === null ? null : at(task.completed_at).toISOString(),
    }));
    const held = await reader
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, memberId), isNull(tasks.deletedAt)));
    const fresh = notYetHeld(
      archived,
      held.map((task) => taskKey({ id: task.id, ...describe(task) })),
      taskKey,
    );
    return {
      adds: { tasks: fresh.length },
      files: [],
      async write(tx) {
        if (fresh.length === 0) return;
        // The task list's version (its ETag) moves, as with every change to the member's tasks.
        await countTaskChange(tx, memberId);
        await insertInChunks(fresh, (chunk) =>
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
        );
      },
      async afterCommit(db) {
        if (fresh.some((task) => task.completed_at !== null))
          await awardTaskWarriorIfEarned(db, memberId, now);
      },
    };
  },
};

function describe(task: typeof tasks.$inferSelect): Omit<ArchiveTask, 'id'> {
  return {
    title: task.title,
    status: task.status,
    labels: task.labels,
    due_date: task.dueDate,
    position: task.position,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
    completed_at: isoOrNull(task.completedAt),
  };
}
