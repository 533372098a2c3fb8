import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tasks } from '#server/db/schema.ts';
import { requestLanguage } from '#server/lib/http/request-language.ts';
import { repeatText } from '#shared/task-repeat-text.ts';
import type { Task } from '#shared/tasks.ts';

const isoUtc = (column: PgColumn) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The task as the API shows it (`taskSchema`), built as JSON by the database (in the embedded database's worker
 * thread, or on the PostgreSQL server), so a list of a thousand tasks costs the event loop one string instead of a
 * thousand parsed rows (bench: GET /api/tasks). `repeat_text` is words in the reader's language, which only this
 * process has: `repeatTextSql` says what the database writes in its place (see `taskJson`, `taskListItemJson`).
 */
function taskJsonWith(repeatTextSql: SQL): SQL<Task> {
  return sql<Task>`json_build_object(
  'id', ${tasks.id}, 'title', ${tasks.title}, 'status', ${tasks.status}, 'labels', ${tasks.labels},
  'due_date', ${tasks.dueDate}, 'position', ${tasks.position},
  'created_at', ${isoUtc(tasks.createdAt)}, 'completed_at', ${isoUtc(tasks.completedAt)},
  'notes', ${tasks.notes}, 'due_time', ${tasks.dueTime}, 'repeat', ${tasks.repeat}, 'repeat_text', ${repeatTextSql},
  'repeat_from', ${tasks.repeatFrom}, 'checklist', ${tasks.checklist}, 'reminders', ${tasks.reminders},
  'last_completed_at', ${isoUtc(tasks.lastCompletedAt)}
)`;
}

/** One task, for a write's answer: the driver parses it, and `presentTask` adds the words of its repeat. */
export const taskJson: SQL<Task> = taskJsonWith(sql`NULL`);

/**
 * A task of the list, whose text is sent as the database wrote it. A repeating task's `repeat_text` is written
 * as an object holding its rule, `"repeat_text" : {"R" : "FREQ=…"}`, which `withRepeatTexts` swaps for the
 * words. Nothing a member typed can be read as one: inside a JSON string every quote is escaped, and the only
 * objects in a task are its checklist items and reminders, whose keys are fixed.
 */
export const taskListItemJson: SQL<Task> = taskJsonWith(
  sql`CASE WHEN ${tasks.repeat} IS NULL THEN NULL ELSE json_build_object('R', ${tasks.repeat}) END`,
);

const MARKED_RULE = /"repeat_text" : \{"R" : "([A-Z0-9=;,+-]{1,500})"\}/g;

/** The list's JSON text with each marked rule replaced by its words (computed once per rule and language). */
export function withRepeatTexts(body: string): string {
  if (!body.includes('"repeat_text" : {')) return body;
  return body.replace(
    MARKED_RULE,
    (_marked, rule: string) => `"repeat_text" : ${JSON.stringify(repeatTextFor(rule))}`,
  );
}

/** A task read by a write, with the words of its repeat. */
export function presentTask(task: Task): Task {
  return { ...task, repeat_text: task.repeat === null ? null : repeatTextFor(task.repeat) };
}

/** Words of rules already said, per language: a member's list holds a few rules, read again on every load. */
const said = new Map<string, string | null>();
const SAID_MAX = 2_000;

function repeatTextFor(rule: string): string | null {
  const key = `${requestLanguage()}:${rule}`;
  const known = said.get(key);
  if (known !== undefined) return known;
  const words = repeatText(rule);
  if (said.size >= SAID_MAX) said.clear();
  said.set(key, words);
  return words;
}
