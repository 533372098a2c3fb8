import { and, asc, eq, isNull } from 'drizzle-orm';
import { taskCompletions, tasks } from '#server/db/schema.ts';
import {
  type DbReader,
  insertInChunks,
  listArchiveAdapter,
  notAfter,
  refuseArchive,
  samenessKey,
} from '#server/lib/data/archive-adapter.ts';
import { isKnownTimeZone } from '#server/lib/data/time-zone.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';
import { parseRepeat, repeatRefusal } from '#shared/task-repeat.ts';
import { checklistItemSchema, reminderSchema } from '#shared/tasks.ts';
import { sharedText } from '#shared/texts.ts';
import { checklistOf, distinctReminders } from './task-plan.ts';
import { scheduleMemberReminders } from './task-reminders.ts';
import { awardTaskWarriorIfEarned, countTaskChange } from './tasks.service.ts';

type ArchiveTask = ArchiveContents['tasks'][number];
type TaskRow = typeof tasks.$inferSelect & { completions: ArchiveTask['completions'] };

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/** Every completion of the member's, oldest first, by task: what the archive lists under each task. */
async function completionsOf(reader: DbReader, memberId: number) {
  const byTask = new Map<number, NonNullable<ArchiveTask['completions']>>();
  const rows = await reader
    .select({
      taskId: taskCompletions.taskId,
      occurrence: taskCompletions.occurrence,
      completedAt: taskCompletions.completedAt,
    })
    .from(taskCompletions)
    .where(eq(taskCompletions.userId, memberId))
    .orderBy(asc(taskCompletions.completedAt), asc(taskCompletions.id));
  for (const row of rows) {
    const list = byTask.get(row.taskId) ?? [];
    list.push({ occurrence: row.occurrence, completed_at: row.completedAt.toISOString() });
    byTask.set(row.taskId, list);
  }
  return byTask;
}

/**
 * The member's tasks in an archive: the ones not deleted, with their plan (notes, time, repeat, checklist,
 * reminders) and their completions. On import the archive's tasks (held by the schema, and by the task routes'
 * own rules for the plan) are added unless an exact copy is already the member's; dates are never later than the
 * import; a task of an older archive, without completions, has the one its `completed_at` says; Task Warrior is
 * earned again from the completions, as completing a task earns it, and the reminders of open tasks are planned
 * once the import has committed.
 */
export const tasksArchive = listArchiveAdapter({
  kind: 'tasks',
  async rows(reader, memberId): Promise<TaskRow[]> {
    const rows = await reader
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, memberId), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.id));
    const completions = await completionsOf(reader, memberId);
    return rows.map((row) => ({ ...row, completions: completions.get(row.id) ?? [] }));
  },
  describe: (task): ArchiveTask => ({
    id: task.id,
    title: task.title,
    status: task.status,
    labels: task.labels,
    due_date: task.dueDate,
    position: task.position,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
    completed_at: isoOrNull(task.completedAt),
    notes: task.notes,
    due_time: task.dueTime,
    repeat: task.repeat,
    repeat_from: task.repeatFrom,
    checklist: checklistItemSchema.array().parse(task.checklist),
    reminders: reminderSchema.array().parse(task.reminders),
    time_zone: task.timeZone,
    last_completed_at: isoOrNull(task.lastCompletedAt),
    completions: task.completions,
  }),
  key: ({ id: _id, ...task }) => samenessKey(task),
  normalize(task, index, { now }) {
    const at = notAfter(now);
    const plan = planOfArchivedTask(task, `tasks.json at ${index}`);
    const completedAt = task.completed_at === null ? null : at(task.completed_at).toISOString();
    const completions =
      task.completions ?? (completedAt === null ? [] : [{ occurrence: null, completed_at: completedAt }]);
    return {
      ...task,
      created_at: at(task.created_at).toISOString(),
      updated_at: at(task.updated_at).toISOString(),
      completed_at: completedAt,
      ...plan,
      last_completed_at: task.last_completed_at === null ? null : at(task.last_completed_at).toISOString(),
      completions: distinctCompletions(completions).map((completion) => ({
        occurrence: completion.occurrence,
        completed_at: at(completion.completed_at).toISOString(),
      })),
    };
  },
  // The task list's version (its ETag) moves, as with every change to the member's tasks.
  beforeWrite: (tx, memberId) => countTaskChange(tx, memberId),
  async insert(tx, memberId, chunk) {
    const made = await tx
      .insert(tasks)
      .values(
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
          notes: task.notes,
          dueTime: task.due_time,
          repeat: task.repeat,
          repeatFrom: task.repeat_from,
          checklist: task.checklist,
          reminders: task.reminders,
          timeZone: task.time_zone,
          lastCompletedAt: task.last_completed_at === null ? null : new Date(task.last_completed_at),
        })),
      )
      .returning({ id: tasks.id });
    // PostgreSQL returns a multi-row insert's rows in the order of its VALUES: the nth id is the nth task's.
    const completions = chunk.flatMap((task, i) =>
      (task.completions ?? []).map((completion) => ({
        userId: memberId,
        taskId: made[i]?.id ?? 0,
        occurrence: completion.occurrence,
        completedAt: new Date(completion.completed_at),
      })),
    );
    await insertInChunks(completions, (rows) => tx.insert(taskCompletions).values(rows));
  },
  async afterCommit(db, memberId, fresh, now) {
    if (fresh.some((task) => (task.completions ?? []).length > 0)) {
      await awardTaskWarriorIfEarned(db, memberId, now);
    }
    if (fresh.some((task) => task.reminders.length > 0)) await scheduleMemberReminders(db, memberId, now);
  },
});

/** A task's completions once per occurrence (the table's rule), and at most one without an occurrence. */
function distinctCompletions(completions: NonNullable<ArchiveTask['completions']>) {
  const seen = new Set<string | null>();
  return completions.filter((completion) => {
    if (seen.has(completion.occurrence)) return false;
    seen.add(completion.occurrence);
    return true;
  });
}

/**
 * A task's plan held to the task routes' rules (task-plan.ts), refused as the import refuses (where in the archive,
 * and why): a time, a repeat or reminders need a date; a repeat must be one Lumara reads, coming round on or after
 * that date; the zone must be one Intl knows. Checklist items get ids where they have none, reminders count once.
 */
function planOfArchivedTask(task: ArchiveTask, where: string) {
  if (task.due_date === null) {
    const hanging = [
      ...(task.due_time !== null ? ['due_time'] : []),
      ...(task.repeat !== null ? ['repeat'] : []),
      ...(task.reminders.length > 0 ? ['reminders'] : []),
    ];
    if (hanging[0]) throw refuseArchive(`${where}.${hanging[0]}`, sharedText('shared.tasks.needsDueDate'));
  }
  let repeat: string | null = null;
  if (task.repeat !== null && task.due_date !== null) {
    const parsed = parseRepeat(task.repeat, task.due_date);
    if (!parsed.ok) throw refuseArchive(`${where}.repeat`, repeatRefusal(parsed.problem));
    repeat = parsed.text;
  }
  if (!isKnownTimeZone(task.time_zone)) {
    throw refuseArchive(`${where}.time_zone`, say('server.validation.unknownTimeZone'));
  }
  return { repeat, checklist: checklistOf(task.checklist), reminders: distinctReminders(task.reminders) };
}
