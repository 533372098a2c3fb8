import { z } from 'zod';
import type { DbTransaction } from '#server/db/member-lock.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import {
  type AgentToolArgs,
  agentToolArgsSchemas,
  type ProposalChange,
  type ProposalResult,
  proposalChangeSchema,
  type WriteToolName,
  writeToolNameSchema,
} from '#shared/agent-tools.ts';
import type { Language } from '#shared/language.ts';
import type { PomodoroTimer } from '#shared/pomodoro.ts';
import { startTimerInTransaction, undoTimerStartInTransaction } from '../pomodoro/pomodoro-timer.service.ts';
import {
  eraseTask,
  putBackTask,
  sameTaskState,
  type TaskSnapshot,
  taskSnapshotSchema,
  taskSnapshots,
} from '../tasks/task-snapshots.ts';
import {
  countTaskChange,
  createTaskInTransaction,
  deleteTaskInTransaction,
  updateTaskInTransaction,
} from '../tasks/tasks.service.ts';
import { issuesText } from './read-tools.ts';

/*
 * One write an AI asked for, from its arguments to its effect: checked and described for the member (a proposal's
 * change), applied through the tasks and focus timer services inside the caller's transaction, and recorded so
 * it can be taken back exactly.
 */

/** A change as stored: the member's view of it, and the task's title when proposed, to name it in a refusal. */
export const storedChangeSchema = proposalChangeSchema.extend({ task_title: z.string().optional() });
export type StoredChange = z.infer<typeof storedChangeSchema>;

/** What Undo needs to put back: each task touched (its row before, null if the change made it; and after). */
export const undoRecordSchema = z.object({
  tasks: z.array(
    z.object({ id: z.number().int(), before: taskSnapshotSchema.nullable(), after: taskSnapshotSchema }),
  ),
  /** The focus run a change started, and the timer's version it left. */
  focus: z.object({ sessionId: z.number().int(), version: z.number().int() }).nullable(),
  /**
   * The task list's version before the apply and the one it left: an Undo with nothing changed between puts the
   * version back with the rows, so the list's ETag is the earlier one again.
   */
  tasksVersion: z.object({ before: z.number().int(), after: z.number().int() }).optional(),
});
export type UndoRecord = z.infer<typeof undoRecordSchema>;

/** A plain date as the member reads it ("Fri, Dec 26", "vie, 26 dic"): the day itself, whatever the zone. */
export function dayText(day: string, language: Language): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The task a change names (the task it changes, or the one a focus run is for). */
function taskIdOf(tool: WriteToolName, args: Record<string, unknown>): number | null {
  if (tool === 'update_task' || tool === 'complete_task' || tool === 'delete_task') {
    return typeof args.id === 'number' ? args.id : null;
  }
  if (tool === 'start_focus') return typeof args.task_id === 'number' ? args.task_id : null;
  return null;
}

export function taskIdsOf(changes: readonly StoredChange[]): number[] {
  return [...new Set(changes.flatMap((change) => taskIdOf(change.tool, change.args) ?? []))];
}

function argsRecord(args: unknown): Record<string, unknown> {
  return args !== null && typeof args === 'object' && !Array.isArray(args)
    ? Object.fromEntries(Object.entries(args))
    : {};
}

const invalid = (tool: WriteToolName, args: unknown, error: string): StoredChange => ({
  tool,
  args: argsRecord(args),
  summary: say('server.agentTools.invalidChange', { tool }),
  fields: [],
  valid: false,
  error,
});

const field = (name: string, before: string | null | undefined, after: string | null | undefined) => ({
  field: name,
  before: before ?? null,
  after: after ?? null,
});

const listText = (values: readonly string[] | null | undefined) =>
  values && values.length > 0 ? values.join(', ') : null;

/**
 * A write call as the member sees it, checked against its schema and against the member's own tasks as they now
 * stand (`tasks`: the snapshots of the ids the calls name). Changes nothing. A task that is not the member's, or
 * deleted, is "not one of yours, or no longer exists", so another member's task is never told apart from a
 * missing one. Texts in the language the caller runs in.
 */
export function describeCall(
  name: WriteToolName,
  rawArgs: unknown,
  tasks: ReadonlyMap<number, TaskSnapshot>,
  language: Language,
): StoredChange {
  const parsed = agentToolArgsSchemas[name].safeParse(rawArgs);
  if (!parsed.success) {
    return invalid(
      name,
      rawArgs,
      say('server.agentTools.badArguments', { issues: issuesText(parsed.error) }),
    );
  }
  const args = argsRecord(parsed.data);
  const id = taskIdOf(name, args);
  const task = id === null ? undefined : tasks.get(id);
  if (id !== null && (!task || task.deletedAt !== null)) {
    return invalid(name, args, say('server.agentTools.noSuchTask'));
  }
  const valid = (summary: string, fields: ProposalChange['fields']): StoredChange => ({
    tool: name,
    args,
    summary,
    fields,
    valid: true,
    ...(task ? { task_title: task.title } : {}),
  });
  switch (name) {
    case 'create_task': {
      const a = parsed.data as AgentToolArgs<'create_task'>;
      return valid(
        a.due_date
          ? say('server.agentTools.createTaskDue', { title: a.title, date: dayText(a.due_date, language) })
          : say('server.agentTools.createTask', { title: a.title }),
        [
          field('title', null, a.title),
          ...(a.due_date ? [field('due_date', null, a.due_date)] : []),
          ...(a.due_time ? [field('due_time', null, a.due_time)] : []),
          ...(a.labels?.length ? [field('labels', null, listText(a.labels))] : []),
          ...(a.repeat ? [field('repeat', null, a.repeat)] : []),
        ],
      );
    }
    case 'update_task': {
      if (!task) return invalid(name, args, say('server.agentTools.noSuchTask'));
      const a = parsed.data as AgentToolArgs<'update_task'>;
      const fields = [
        ...(a.title !== undefined && a.title !== task.title ? [field('title', task.title, a.title)] : []),
        ...(a.status !== undefined && a.status !== task.status
          ? [field('status', task.status, a.status)]
          : []),
        ...(a.due_date !== undefined && a.due_date !== task.dueDate
          ? [field('due_date', task.dueDate, a.due_date)]
          : []),
        ...(a.due_time !== undefined && a.due_time !== task.dueTime
          ? [field('due_time', task.dueTime, a.due_time)]
          : []),
        ...(a.labels !== undefined && listText(a.labels) !== listText(task.labels)
          ? [field('labels', listText(task.labels), listText(a.labels))]
          : []),
        ...(a.repeat !== undefined && a.repeat !== task.repeat
          ? [field('repeat', task.repeat, a.repeat)]
          : []),
        ...(a.notes !== undefined && a.notes !== task.notes ? [field('notes', task.notes, a.notes)] : []),
      ];
      if (fields.length === 0) return invalid(name, args, say('server.agentTools.nothingToChange'));
      const only = fields.length === 1 ? fields[0] : undefined;
      const summary =
        only?.field === 'due_date'
          ? only.after
            ? say('server.agentTools.moveTask', { title: task.title, date: dayText(only.after, language) })
            : say('server.agentTools.clearDue', { title: task.title })
          : only?.field === 'title' && only.after
            ? say('server.agentTools.renameTask', { title: task.title, newTitle: only.after })
            : only?.field === 'status' && only.after
              ? say('server.agentTools.markTask', { title: task.title, status: only.after })
              : say('server.agentTools.changeTask', { title: task.title });
      return valid(summary, fields);
    }
    case 'complete_task': {
      if (!task) return invalid(name, args, say('server.agentTools.noSuchTask'));
      if (task.status === 'done') {
        return invalid(name, args, say('server.agentTools.alreadyDone', { title: task.title }));
      }
      return valid(say('server.agentTools.completeTask', { title: task.title }), [
        field('status', task.status, 'done'),
      ]);
    }
    case 'delete_task': {
      if (!task) return invalid(name, args, say('server.agentTools.noSuchTask'));
      return valid(say('server.agentTools.deleteTask', { title: task.title }), []);
    }
    case 'start_focus': {
      const a = parsed.data as AgentToolArgs<'start_focus'>;
      return valid(
        task
          ? say('server.agentTools.startFocusOn', { minutes: a.minutes, title: task.title })
          : say('server.agentTools.startFocus', { minutes: a.minutes }),
        [field('focus_minutes', null, String(a.minutes))],
      );
    }
    case 'draft_post': {
      const a = parsed.data as AgentToolArgs<'draft_post'>;
      return valid(say('server.agentTools.draftPost', { title: a.title }), [field('title', null, a.title)]);
    }
  }
}

/** The change's tool, when it names one of the write tools; other names are no change at all. */
export function writeToolOf(name: string): WriteToolName | null {
  const parsed = writeToolNameSchema.safeParse(name);
  return parsed.success ? parsed.data : null;
}

/**
 * Where a draft post opens: the community page, its editor prefilled from the query (`draft_title`,
 * `draft_body`). The draft travels in the link itself, so nothing is stored for it and MCP's immediate run
 * answers the same link.
 */
export function draftPostUrl(args: AgentToolArgs<'draft_post'>): string {
  const query = new URLSearchParams({ draft_title: args.title, draft_body: args.body });
  return `/community?${query.toString()}`;
}

export type AppliedChanges = {
  results: ProposalResult[];
  undo: UndoRecord;
  /** Some task reached Done: Task Warrior is looked at once the transaction has committed. */
  completedTask: boolean;
  /** The timer a change started, to publish once committed. */
  timer: PomodoroTimer | null;
  /** Whether any task changed (the `tasks.changed` event). */
  tasksChanged: boolean;
};

/**
 * Applies the valid changes, in order, inside the caller's transaction, through the tasks and focus timer
 * services, and records what Undo needs. Re-checks first: a task named that is no longer the member's live task
 * refuses the whole apply (**409** naming it) before anything is written. Any refusal of a service (the timer is
 * already running, say) throws too, so the caller's transaction writes all or nothing.
 */
export async function applyChanges(
  tx: DbTransaction,
  userId: number,
  changes: readonly StoredChange[],
  options: { now: Date; timeZone?: string | undefined },
): Promise<AppliedChanges> {
  const { now } = options;
  // The member's row first, as every task write takes it: the member's task writes wait for this one.
  await countTaskChange(tx, userId);
  const named = taskIdsOf(changes);
  const before = await taskSnapshots(tx, userId, named);
  for (const change of changes) {
    const id = taskIdOf(change.tool, change.args);
    const task = id === null ? undefined : before.get(id);
    if (id !== null && (!task || task.deletedAt !== null)) {
      throw new AppError(
        'conflict',
        say('server.agentTools.taskGone', { title: change.task_title ?? task?.title ?? `#${id}` }),
      );
    }
  }

  const results: ProposalResult[] = [];
  const created: number[] = [];
  const touched = new Set<number>();
  let focus: UndoRecord['focus'] = null;
  let timer: PomodoroTimer | null = null;
  let completedTask = false;
  const zone = options.timeZone ? { time_zone: options.timeZone } : {};

  for (const change of changes) {
    const result = { tool: change.tool, summary: change.summary };
    switch (change.tool) {
      case 'create_task': {
        const a = agentToolArgsSchemas.create_task.parse(change.args);
        const task = await createTaskInTransaction(tx, userId, { ...a, ...(a.due_date ? zone : {}) }, now);
        created.push(task.id);
        results.push({ ...result, task_id: task.id });
        break;
      }
      case 'update_task': {
        const { id, ...a } = agentToolArgsSchemas.update_task.parse(change.args);
        const { completedNow } = await updateTaskInTransaction(tx, userId, id, { ...a, ...zone }, now);
        completedTask ||= completedNow;
        touched.add(id);
        results.push({ ...result, task_id: id });
        break;
      }
      case 'complete_task': {
        const { id } = agentToolArgsSchemas.complete_task.parse(change.args);
        const { completedNow } = await updateTaskInTransaction(tx, userId, id, { status: 'done' }, now);
        completedTask ||= completedNow;
        touched.add(id);
        results.push({ ...result, task_id: id });
        break;
      }
      case 'delete_task': {
        const { id } = agentToolArgsSchemas.delete_task.parse(change.args);
        await deleteTaskInTransaction(tx, userId, id, now);
        touched.add(id);
        results.push({ ...result, task_id: id });
        break;
      }
      case 'start_focus': {
        const a = agentToolArgsSchemas.start_focus.parse(change.args);
        const started = await startTimerInTransaction(
          tx,
          userId,
          { minutes: a.minutes, taskId: a.task_id ?? null, timeZone: options.timeZone },
          now,
        );
        focus = { sessionId: started.sessionId, version: started.version };
        timer = started.timer;
        results.push({ ...result, ...(a.task_id ? { task_id: a.task_id } : {}) });
        break;
      }
      case 'draft_post': {
        // Nothing is written: the member publishes it from the community editor, if they want to.
        results.push({ ...result, url: draftPostUrl(agentToolArgsSchemas.draft_post.parse(change.args)) });
        break;
      }
    }
  }

  const after = await taskSnapshots(tx, userId, [...touched, ...created]);
  const tasks: UndoRecord['tasks'] = [];
  for (const id of [...touched, ...created]) {
    const left = after.get(id);
    if (!left) continue;
    tasks.push({ id, before: before.get(id) ?? null, after: left });
  }
  return { results, undo: { tasks, focus }, completedTask, timer, tasksChanged: tasks.length > 0 };
}

/**
 * Puts back what `applyChanges` did, inside the caller's transaction: created tasks removed, changed and deleted
 * ones back to their rows before (status, position, dates, checklist, completion records), the focus run taken
 * back. Refuses the whole Undo (**409** naming it, nothing written) when anything it would put back changed since
 * the apply: a task no longer as the apply left it, or the timer moved on.
 */
export async function undoChanges(
  tx: DbTransaction,
  userId: number,
  undo: UndoRecord,
  now: Date,
): Promise<{ timer: PomodoroTimer | null; tasksChanged: boolean }> {
  await countTaskChange(tx, userId);
  const current = await taskSnapshots(
    tx,
    userId,
    undo.tasks.map((task) => task.id),
  );
  for (const task of undo.tasks) {
    const found = current.get(task.id);
    if (!found || !sameTaskState(found, task.after)) {
      // Named as the member sees it now (a rename since is one of the changes that refuse).
      const title = found?.title ?? task.after.title;
      throw new AppError('conflict', say('server.agentTools.changedSince', { title }));
    }
  }
  let timer: PomodoroTimer | null = null;
  if (undo.focus) {
    timer = await undoTimerStartInTransaction(tx, userId, undo.focus, now);
    if (!timer) throw new AppError('conflict', say('server.agentTools.focusChangedSince'));
  }
  for (const task of undo.tasks) {
    if (task.before === null) await eraseTask(tx, userId, task.id);
    else await putBackTask(tx, userId, task.before, now);
  }
  return { timer, tasksChanged: undo.tasks.length > 0 };
}
