import { z } from 'zod';
import {
  checklistItemInputSchema,
  dueTimeSchema,
  reminderSchema,
  repeatFromSchema,
  TASK_PLAN_LIMITS,
  type Task,
  taskLabelsSchema,
  taskTitleSchema,
  type UpdateTaskRequest,
} from '#shared/tasks.ts';
import { reason } from '#shared/texts.ts';
import { checklistRequest, type DraftItem, draftsOf } from './checklist.ts';
import { normalizeRule } from './repeat-rule.ts';

/*
 * The task editor's fields and their rules: those of `PUT /api/tasks/{id}` (the same schemas), as the fields hold
 * them (an empty date is ''), with what the route also refuses said per field: a time, a repeat and reminders need
 * a date.
 */

/** The problem code of a field that needs a date the form does not have. */
export const NEEDS_DATE = 'needs_date';

const needsDate = (ctx: z.RefinementCtx, path: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message: NEEDS_DATE, params: { needs: 'date' } });

export const taskEditorSchema = z
  .object({
    title: taskTitleSchema,
    notes: z.string().max(TASK_PLAN_LIMITS.notesMax),
    due_date: z.union([z.literal(''), z.iso.date()]),
    due_time: z.union([z.literal(''), dueTimeSchema]),
    /** RRULE text, or null for none. */
    repeat: z.string().max(TASK_PLAN_LIMITS.repeatMax).nullable(),
    repeat_from: repeatFromSchema,
    checklist: z
      .array(checklistItemInputSchema.extend({ key: z.string(), done: z.boolean() }))
      .max(
        TASK_PLAN_LIMITS.checklistMax,
        reason('shared.limits.atMostChecklistItems', { max: TASK_PLAN_LIMITS.checklistMax }),
      ),
    /** Minutes before the due time. */
    reminders: z
      .array(reminderSchema.shape.before_minutes)
      .max(
        TASK_PLAN_LIMITS.remindersMax,
        reason('shared.limits.atMostReminders', { max: TASK_PLAN_LIMITS.remindersMax }),
      ),
    labels: taskLabelsSchema,
  })
  .superRefine((values, ctx) => {
    if (values.due_date !== '') return;
    if (values.due_time !== '') needsDate(ctx, 'due_time');
    if (values.repeat !== null) needsDate(ctx, 'repeat');
    if (values.reminders.length > 0) needsDate(ctx, 'reminders');
  });

export type TaskEditorInput = z.input<typeof taskEditorSchema>;
export type TaskEditorValues = z.output<typeof taskEditorSchema>;

/** The task as the editor's fields hold it. */
export function editorValuesOf(task: Task): TaskEditorInput {
  return {
    title: task.title,
    notes: task.notes ?? '',
    due_date: task.due_date ?? '',
    due_time: task.due_time ?? '',
    repeat: task.repeat,
    repeat_from: task.repeat_from,
    checklist: draftsOf(task.checklist),
    reminders: task.reminders.map((reminder) => reminder.before_minutes),
    labels: [...task.labels],
  };
}

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

function sameChecklist(task: Task, items: readonly DraftItem[]): boolean {
  return (
    task.checklist.length === items.length &&
    task.checklist.every((item, index) => {
      const draft = items[index];
      return draft?.id === item.id && draft.text === item.text && draft.done === item.done;
    })
  );
}

/**
 * What `PUT /api/tasks/{id}` must be sent for the task to become what the fields say: only the fields that
 * changed (absent = unchanged, null clears), or null when nothing did.
 */
export function editorChanges(task: Task, values: TaskEditorValues): UpdateTaskRequest | null {
  const changes: UpdateTaskRequest = {};
  if (values.title !== task.title) changes.title = values.title;
  const notes = values.notes.trim() === '' ? null : values.notes;
  if (notes !== task.notes) changes.notes = notes;
  const dueDate = values.due_date === '' ? null : values.due_date;
  if (dueDate !== task.due_date) changes.due_date = dueDate;
  const dueTime = values.due_time === '' ? null : values.due_time;
  if (dueTime !== task.due_time) changes.due_time = dueTime;
  const repeat = values.repeat === null ? null : normalizeRule(values.repeat);
  if (repeat !== (task.repeat === null ? null : normalizeRule(task.repeat))) changes.repeat = repeat;
  if (values.repeat_from !== task.repeat_from) changes.repeat_from = values.repeat_from;
  if (!sameChecklist(task, values.checklist)) changes.checklist = checklistRequest(values.checklist);
  const reminders = [...values.reminders].sort((a, b) => a - b);
  const before = task.reminders.map((reminder) => reminder.before_minutes).sort((a, b) => a - b);
  if (!sameList(reminders, before)) {
    changes.reminders = reminders.map((minutes) => ({ before_minutes: minutes }));
  }
  if (!sameList(values.labels, task.labels)) changes.labels = values.labels;
  return Object.keys(changes).length > 0 ? changes : null;
}
