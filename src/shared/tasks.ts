import { z } from 'zod';
import { rowIdSchema } from './row-id.ts';

/** Part 1 §3: a task's status, in the order the status button cycles through them (§4). */
export const taskStatuses = ['todo', 'doing', 'done'] as const;
export const taskStatusSchema = z.enum(taskStatuses);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const taskStatusLabel: Record<TaskStatus, string> = {
  todo: 'To Do',
  doing: 'In Progress',
  done: 'Done',
};

/** todo → doing → done → todo (part 1 §4). */
export function nextTaskStatus(status: TaskStatus): TaskStatus {
  return status === 'todo' ? 'doing' : status === 'doing' ? 'done' : 'todo';
}

/** Part 1 §3 "Preset quick labels". Custom labels are allowed too. */
export const presetLabels = ['music', 'courses', 'clients', 'wellness', 'admin', 'personal'] as const;

export const TASK_LIMITS = { titleMax: 500, labelMax: 40, labelsMax: 20 } as const;
/** Part 1 §9: the Done section of the task list shows only the first 5 done tasks. */
export const DONE_SECTION_VISIBLE = 5;

/** A title as typed: trimmed, and empty is refused (the client sends nothing then, part 1 §5). */
export const taskTitleSchema = z.string().trim().min(1, 'Type a title').max(TASK_LIMITS.titleMax);

/** A label: trimmed and non-empty (part 1 §5). */
export const taskLabelSchema = z.string().trim().min(1, 'Type a label').max(TASK_LIMITS.labelMax);

export const taskLabelsSchema = z
  .array(taskLabelSchema)
  .max(TASK_LIMITS.labelsMax, `At most ${TASK_LIMITS.labelsMax} labels`)
  .refine((labels) => new Set(labels).size === labels.length, 'Labels must not repeat');

/** A calendar day, `YYYY-MM-DD`, or null for none. */
export const dueDateSchema = z.iso.date().nullable();

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
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = z.array(taskSchema);

/** `POST /api/tasks`: new tasks go to the top of To Do. */
export const createTaskRequestSchema = z
  .object({ title: taskTitleSchema, labels: taskLabelsSchema.optional(), due_date: dueDateSchema.optional() })
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
  })
  .strict()
  .refine((update) => Object.keys(update).length > 0, 'Send at least one field to change');
export type UpdateTaskRequest = z.infer<typeof updateTaskRequestSchema>;

/** `POST /api/tasks/restore`: brings a deleted task back, at the top of its column. */
export const restoreTaskRequestSchema = z.object({ id: rowIdSchema }).strict();

/** Path ids: positive integers only; anything else is a 404 for the caller, as an unknown id would be. */
