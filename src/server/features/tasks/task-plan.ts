import { randomUUID } from 'node:crypto';
import type { tasks } from '#server/db/schema.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import { parseRepeat, repeatRefusal } from '#shared/task-repeat.ts';
import {
  type ChecklistInput,
  type ChecklistItem,
  type CreateTaskRequest,
  checklistItemSchema,
  type Reminder,
  type RepeatFrom,
  reminderSchema,
} from '#shared/tasks.ts';
import { type Localized, sharedText } from '#shared/texts.ts';

/** A task's plan as its row holds it: its date and what hangs on it. */
export type TaskPlan = {
  dueDate: string | null;
  notes: string | null;
  dueTime: string | null;
  repeat: string | null;
  repeatFrom: RepeatFrom;
  checklist: ChecklistItem[];
  reminders: Reminder[];
  timeZone: string;
};

/** The plan of a task that has none yet. */
export const EMPTY_PLAN: TaskPlan = {
  dueDate: null,
  notes: null,
  dueTime: null,
  repeat: null,
  repeatFrom: 'due',
  checklist: [],
  reminders: [],
  timeZone: 'UTC',
};

/** What a create or an update may say of the plan: absent leaves a field, null clears it. */
export type PlanInput = Pick<
  CreateTaskRequest,
  'due_date' | 'notes' | 'due_time' | 'repeat' | 'repeat_from' | 'checklist' | 'reminders'
>;

/**
 * The plan after a request, checked as a whole, for the fields that only mean something together: a time, a repeat
 * and reminders each need a date (**400** naming each that was sent without one), and a rule must be one Lumara
 * reads that comes round on or after the date (**400** naming `repeat`). Clearing the date clears the time, the
 * repeat and the reminders with it, so the member who removes a date is never refused for what hung on it; a
 * request that clears the date and sets one of them in the same breath is refused. `timeZone` is the zone the
 * task's date and time are read in from now on.
 */
export function resolvePlan(current: TaskPlan, input: PlanInput, timeZone: string): TaskPlan {
  const dueDate = input.due_date !== undefined ? input.due_date : current.dueDate;
  const fields: Record<string, Localized> = {};
  if (dueDate === null) {
    for (const field of ['due_time', 'repeat', 'reminders'] as const) {
      const sent = input[field];
      if (sent !== undefined && sent !== null && !(Array.isArray(sent) && sent.length === 0)) {
        fields[field] = sharedText('shared.tasks.needsDueDate');
      }
    }
  }
  const repeat = dueDate === null ? null : resolveRepeat(current, input, dueDate, fields);
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', say('server.validation.failed'), { fields });
  }
  const pick = <T>(sent: T | null | undefined, kept: T, cleared: T): T =>
    sent === undefined ? kept : sent === null ? cleared : sent;
  return {
    dueDate,
    notes: pick(input.notes, current.notes, null),
    dueTime: dueDate === null ? null : pick(input.due_time, current.dueTime, null),
    repeat,
    repeatFrom: input.repeat_from ?? current.repeatFrom,
    checklist: input.checklist === undefined ? current.checklist : checklistOf(input.checklist ?? []),
    reminders:
      dueDate === null
        ? []
        : input.reminders === undefined
          ? current.reminders
          : distinctReminders(input.reminders ?? []),
    timeZone,
  };
}

/** The rule after the request, normalised (no prefix), checked against the date it now starts on. */
function resolveRepeat(
  current: TaskPlan,
  input: PlanInput,
  dueDate: string,
  fields: Record<string, Localized>,
): string | null {
  const rule = input.repeat !== undefined ? input.repeat : current.repeat;
  if (rule === null) return null;
  // A stored rule is checked again only when its date moves (UNTIL may then lie behind it).
  if (input.repeat === undefined && dueDate === current.dueDate) return rule;
  const parsed = parseRepeat(rule, dueDate);
  if (parsed.ok) return parsed.text;
  fields.repeat = repeatRefusal(parsed.problem);
  return null;
}

/** Checklist items as stored: each with an id (a new one for an item sent without, or with an id an earlier item took). */
export function checklistOf(items: ChecklistInput): ChecklistItem[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const id = item.id !== undefined && !seen.has(item.id) ? item.id : randomUUID();
    seen.add(id);
    return { id, text: item.text, done: item.done };
  });
}

/** Reminders once each: two at the same minute would be one notification. */
export function distinctReminders(reminders: readonly Reminder[]): Reminder[] {
  const minutes = [...new Set(reminders.map((reminder) => reminder.before_minutes))];
  return minutes.map((before_minutes) => ({ before_minutes }));
}

/** The plan columns of a row, as `resolvePlan` reads them (the jsonb lists held to their schemas). */
export function planOf(row: typeof tasks.$inferSelect): TaskPlan {
  return {
    dueDate: row.dueDate,
    notes: row.notes,
    dueTime: row.dueTime,
    repeat: row.repeat,
    repeatFrom: row.repeatFrom,
    checklist: checklistItemSchema.array().parse(row.checklist),
    reminders: reminderSchema.array().parse(row.reminders),
    timeZone: row.timeZone,
  };
}
