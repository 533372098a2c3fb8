import { z } from 'zod';
import { rowIdSchema } from './row-id.ts';
import { reason } from './texts.ts';
import { timeZoneSchema } from './time-zone.ts';

/** A task's status, in the order the status button cycles through them. */
export const taskStatuses = ['todo', 'doing', 'done'] as const;
export const taskStatusSchema = z.enum(taskStatuses);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** todo → doing → done → todo. */
export function nextTaskStatus(status: TaskStatus): TaskStatus {
  return status === 'todo' ? 'doing' : status === 'doing' ? 'done' : 'todo';
}

/** The preset quick labels of the task form. Custom labels are allowed too. */
export const presetLabels = ['music', 'courses', 'clients', 'wellness', 'admin', 'personal'] as const;

export const TASK_LIMITS = { titleMax: 500, labelMax: 40, labelsMax: 20 } as const;
/** The Done section of the task list shows only the first 5 done tasks. */
export const DONE_SECTION_VISIBLE = 5;

/** A title as typed: trimmed, and empty is refused (the client sends nothing then). */
export const taskTitleSchema = z
  .string()
  .trim()
  .min(1, reason('shared.tasks.typeTitle'))
  .max(TASK_LIMITS.titleMax);

/** A label: trimmed and non-empty. */
export const taskLabelSchema = z
  .string()
  .trim()
  .min(1, reason('shared.tasks.typeLabel'))
  .max(TASK_LIMITS.labelMax);

export const taskLabelsSchema = z
  .array(taskLabelSchema)
  .max(TASK_LIMITS.labelsMax, reason('shared.limits.atMostLabels', { max: TASK_LIMITS.labelsMax }))
  .refine((labels) => new Set(labels).size === labels.length, reason('shared.tasks.labelsRepeat'));

/** A calendar day, `YYYY-MM-DD`, or null for none. */
export const dueDateSchema = z.iso.date().nullable();

/*
 * Plans that repeat and remind (notes, a due time, a repeat rule, a checklist, reminders). In a request each is
 * optional (absent = unchanged) and `null` clears it; an answer always has every field.
 */
export const TASK_PLAN_LIMITS = {
  notesMax: 10_000,
  checklistMax: 50,
  checklistTextMax: 500,
  remindersMax: 5,
  /** Four weeks. */
  reminderBeforeMaxMinutes: 40_320,
  repeatMax: 500,
} as const;

/** `HH:MM`, 24 h, in the member's time zone. */
export const dueTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, reason('shared.tasks.dueTime'));

export const repeatFromValues = ['due', 'completion'] as const;
/** Where the next date of a repeating task counts from: its due date, or the member's today when completed. */
export const repeatFromSchema = z.enum(repeatFromValues);
export type RepeatFrom = z.infer<typeof repeatFromSchema>;

export const checklistItemSchema = z
  .object({ id: z.string(), text: z.string(), done: z.boolean() })
  .meta({ id: 'ChecklistItem' });
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** A checklist item as sent: without `id` it is a new one. */
export const checklistItemInputSchema = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/)
      .optional(),
    text: z
      .string()
      .trim()
      .min(1, reason('shared.tasks.typeChecklistItem'))
      .max(TASK_PLAN_LIMITS.checklistTextMax),
    done: z.boolean().default(false),
  })
  .strict();
export const checklistInputSchema = z
  .array(checklistItemInputSchema)
  .max(
    TASK_PLAN_LIMITS.checklistMax,
    reason('shared.limits.atMostChecklistItems', { max: TASK_PLAN_LIMITS.checklistMax }),
  );
export type ChecklistInput = z.infer<typeof checklistInputSchema>;

export const reminderSchema = z
  .object({ before_minutes: z.number().int().min(0).max(TASK_PLAN_LIMITS.reminderBeforeMaxMinutes) })
  .strict()
  .meta({ id: 'TaskReminder' });
export type Reminder = z.infer<typeof reminderSchema>;
export const remindersSchema = z
  .array(reminderSchema)
  .max(
    TASK_PLAN_LIMITS.remindersMax,
    reason('shared.limits.atMostReminders', { max: TASK_PLAN_LIMITS.remindersMax }),
  );

export const taskSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    status: taskStatusSchema,
    labels: z.array(z.string()),
    due_date: z.string().nullable(),
    /** Order within its status column: lower comes first. */
    position: z.number(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    notes: z.string().nullable(),
    due_time: z.string().nullable(),
    /** An RFC 5545 recurrence rule, without the `RRULE:` prefix. */
    repeat: z.string().nullable(),
    /** The rule in words, in the member's language ("Every last Friday"). */
    repeat_text: z.string().nullable(),
    repeat_from: repeatFromSchema,
    checklist: z.array(checklistItemSchema),
    reminders: z.array(reminderSchema),
    last_completed_at: z.string().nullable(),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof taskSchema>;

type TaskPlan = Omit<
  Task,
  'id' | 'title' | 'status' | 'labels' | 'due_date' | 'position' | 'created_at' | 'completed_at'
>;

/** The plan fields of a task that has none: no notes, time, repeat, checklist or reminders. */
export function emptyTaskPlan(): TaskPlan {
  return {
    notes: null,
    due_time: null,
    repeat: null,
    repeat_text: null,
    repeat_from: 'due',
    checklist: [],
    reminders: [],
    last_completed_at: null,
  };
}
export const taskListSchema = z.array(taskSchema);

/*
 * Board order (decision 0008), the one rule for where a task goes in its status column. The server
 * applies it when it writes; the browser applies it to its cached list to show a change before the answer comes,
 * and so predicts the positions the server will answer.
 * - A column lists its tasks by `position`, lowest first; on a tie the newer (higher id) comes first.
 * - A new or restored task, and a task moved to another column without a `position`, goes on top: it takes a
 *   position below the column's first and no other task moves, so adding a task writes one row.
 * - A `position` puts the task at that zero-based index of its (new) column, clamped to the column, and the column
 *   is renumbered 0, 1, 2…, so the order survives a reload whatever positions the column held before.
 */

/** Where a task goes within its column: on top, or at a zero-based index. */
export type ColumnSlot = 'top' | number;

/** What ordering reads of a task. */
export type TaskPlace = { id: number; position: number };

/**
 * Where a change puts its task: a new column → its top unless `position` says where; `position` alone → that
 * index of its own column; any other change leaves the task where it is (null).
 */
export function slotOfChange(statusChanged: boolean, position: number | undefined): ColumnSlot | null {
  if (position !== undefined) return position;
  return statusChanged ? 'top' : null;
}

/** The position that puts a task on top of a column whose first task (in board order) is `first`. */
export function topPosition(first: TaskPlace | undefined): number {
  return first === undefined ? 0 : first.position - 1;
}

/**
 * The column once `task` is put in `slot`, in board order, with the positions its tasks then have. `others` are
 * the column's other tasks (not `task`) in board order; for 'top' only the first of them is read, so a caller may
 * pass just that one. A task whose position does not change is answered as the same object.
 */
export function placeInColumn<T extends TaskPlace>(others: readonly T[], task: T, slot: ColumnSlot): T[] {
  if (slot === 'top') return [{ ...task, position: topPosition(others[0]) }, ...others];
  const at = Math.max(0, Math.min(slot, others.length));
  const column = [...others.slice(0, at), task, ...others.slice(at)];
  return column.map((place, index) => (place.position === index ? place : { ...place, position: index }));
}

/** `POST /api/tasks`: new tasks go to the top of To Do. */
/** The plan fields a create or an update may carry; `null` clears one. */
const taskPlanFields = {
  notes: z.string().max(TASK_PLAN_LIMITS.notesMax).nullable().optional(),
  due_time: dueTimeSchema.nullable().optional(),
  /** Checked against the recurrence rules the server accepts (its answer **400** names `repeat`). */
  repeat: z.string().trim().min(1).max(TASK_PLAN_LIMITS.repeatMax).nullable().optional(),
  repeat_from: repeatFromSchema.optional(),
  checklist: checklistInputSchema.nullable().optional(),
  reminders: remindersSchema.nullable().optional(),
  /** The member's time zone, where `due_date` + `due_time` (or 09:00) is an instant for reminders. */
  time_zone: timeZoneSchema.optional(),
};

export const createTaskRequestSchema = z
  .object({
    title: taskTitleSchema,
    labels: taskLabelsSchema.optional(),
    due_date: dueDateSchema.optional(),
    ...taskPlanFields,
  })
  .strict();
export type CreateTaskRequest = z.infer<typeof createTaskRequestSchema>;

/**
 * `PUT /api/tasks/{id}`: any of the fields. `position` is the zero-based index the task should take within its
 * column (after a status change, within the new column); without it, a task changing column goes to the top.
 */
export const updateTaskRequestSchema = z
  .object({
    status: taskStatusSchema.optional(),
    title: taskTitleSchema.optional(),
    labels: taskLabelsSchema.optional(),
    due_date: dueDateSchema.optional(),
    position: z.number().int().min(0).max(100_000).optional(),
    ...taskPlanFields,
    /**
     * With `status: "done"` on a repeating task: the due date of the occurrence this completes. When the task has
     * moved on from it (a completion sent twice), nothing changes. With another status (an Undo of a completion):
     * the occurrence to reopen, which puts the task back on that date and takes its completion back.
     */
    occurrence: z.iso.date().optional(),
  })
  .strict()
  .refine(
    (update) => Object.keys(update).some((key) => key !== 'time_zone' && key !== 'occurrence'),
    reason('shared.tasks.sendOneField'),
  );
export type UpdateTaskRequest = z.infer<typeof updateTaskRequestSchema>;

/** `POST /api/tasks/restore`: brings a deleted task back, at the top of its column. */
export const restoreTaskRequestSchema = z.object({ id: rowIdSchema }).strict();

/** Path ids: positive integers only; anything else is a 404 for the caller, as an unknown id would be. */
