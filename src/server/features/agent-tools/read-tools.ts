import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { addDays } from '#server/lib/data/time-zone.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { inLanguage } from '#server/lib/http/request-language.ts';
import {
  AGENT_TOOL_LIMITS,
  type AgentToolArgs,
  agentToolArgsSchemas,
  type ReadToolName,
  readToolNames,
} from '#shared/agent-tools.ts';
import type { CalendarEvent } from '#shared/calendar.ts';
import type { Language } from '#shared/language.ts';
import { type Task, taskListSchema } from '#shared/tasks.ts';
import { getCalendarWeek } from '../calendar/calendar.service.ts';
import { focusStatsBetween } from '../pomodoro/pomodoro.service.ts';
import { searchOwnTitles } from '../search/search.service.ts';
import { listTasksJson } from '../tasks/tasks.service.ts';

/** What a read tool needs: the database and the clock. */
export type ReadToolDeps = { db: Db; now: () => Date };

export type ReadToolCall = {
  memberId: number;
  name: string;
  /** The model's arguments, as it sent them (checked here). */
  args: unknown;
  /** The member's language: the words of a repeat rule, and zod's reasons, are written in it. English when absent. */
  language?: Language | undefined;
  /** The browser's zone, used when the member's profile names none (dates are the member's days). */
  timeZone?: string | undefined;
};

/** A tool's answer to the model: `content` is compact JSON text (or, when `ok` is false, why it was refused). */
export type ToolOutcome = { ok: boolean; content: string };

/** The longest range `get_calendar` reads: about two months, so its answer stays a calendar, not a database dump. */
export const CALENDAR_MAX_DAYS = 62;
/** The longest range `get_focus_stats` counts. */
export const FOCUS_STATS_MAX_DAYS = 366;

function isReadTool(name: string): name is ReadToolName {
  return (readToolNames as readonly string[]).includes(name);
}

/** The zod issues as one line a model can act on: `path: reason; …`. */
export function issuesText(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Runs one read tool for the member, on their own rows only. Never throws for a model's mistake (an unknown
 * tool, bad arguments, a range too long, an unknown zone): it answers `ok: false` with the reason, for the model
 * to correct itself. The answer is at most `AGENT_TOOL_LIMITS.resultChars` characters: a longer list is cut
 * between items and says how many it left out.
 */
export async function runReadTool(deps: ReadToolDeps, call: ReadToolCall): Promise<ToolOutcome> {
  return inLanguage(call.language ?? 'en', async () => {
    if (!isReadTool(call.name)) return refused(`Unknown read tool: ${call.name}`);
    try {
      switch (call.name) {
        case 'list_tasks': {
          const args = agentToolArgsSchemas.list_tasks.safeParse(call.args);
          return args.success ? await listTasks(deps, call.memberId, args.data) : badArgs(args.error);
        }
        case 'get_calendar': {
          const args = agentToolArgsSchemas.get_calendar.safeParse(call.args);
          return args.success ? await calendar(deps, call, args.data) : badArgs(args.error);
        }
        case 'get_focus_stats': {
          const args = agentToolArgsSchemas.get_focus_stats.safeParse(call.args);
          return args.success ? await focusStats(deps, call, args.data) : badArgs(args.error);
        }
        case 'search': {
          const args = agentToolArgsSchemas.search.safeParse(call.args);
          if (!args.success) return badArgs(args.error);
          const results = await searchOwnTitles(deps.db, call.memberId, args.data.query);
          return answer({ results });
        }
      }
    } catch (error) {
      // A refusal a service words for the member (an unknown time zone) is the model's to read too.
      if (error instanceof AppError && error.status < 500) return refused(error.message);
      throw error;
    }
  });
}

const refused = (content: string): ToolOutcome => ({ ok: false, content });
const badArgs = (error: z.ZodError): ToolOutcome => refused(`Invalid arguments: ${issuesText(error)}`);

/** Days from `from` through `to`, both included; 0 when `to` comes first. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

function rangeRefusal(from: string, to: string, maxDays: number): ToolOutcome | null {
  const days = daysBetween(from, to);
  if (days < 1) return refused('Invalid arguments: `to` comes before `from`.');
  if (days > maxDays) return refused(`The range is ${days} days; ask for at most ${maxDays} at a time.`);
  return null;
}

/** A task as the model reads it: what it needs to talk about and change it, no more. */
function compactTask(task: Task) {
  return {
    id: task.id,
    title: task.title,
    status: task.status,
    ...(task.labels.length > 0 ? { labels: task.labels } : {}),
    ...(task.due_date ? { due_date: task.due_date } : {}),
    ...(task.due_time ? { due_time: task.due_time } : {}),
    ...(task.repeat_text ? { repeats: task.repeat_text } : {}),
    ...(task.notes ? { notes: task.notes.length > 200 ? `${task.notes.slice(0, 200)}…` : task.notes } : {}),
    ...(task.checklist.length > 0
      ? { checklist: `${task.checklist.filter((item) => item.done).length}/${task.checklist.length} done` }
      : {}),
  };
}

async function listTasks(
  deps: ReadToolDeps,
  memberId: number,
  filters: AgentToolArgs<'list_tasks'>,
): Promise<ToolOutcome> {
  // The tasks service's own list (board order, the member's only, deleted left out), filtered here.
  const all = taskListSchema.parse(JSON.parse(await listTasksJson(deps.db, memberId)));
  const words = filters.query?.toLocaleLowerCase();
  const matching = all.filter(
    (task) =>
      (filters.status === undefined || task.status === filters.status) &&
      (filters.label === undefined || task.labels.includes(filters.label)) &&
      (filters.due_from === undefined || (task.due_date !== null && task.due_date >= filters.due_from)) &&
      (filters.due_to === undefined || (task.due_date !== null && task.due_date <= filters.due_to)) &&
      (words === undefined ||
        task.title.toLocaleLowerCase().includes(words) ||
        (task.notes ?? '').toLocaleLowerCase().includes(words)),
  );
  return answerList({}, 'tasks', matching.map(compactTask));
}

async function calendar(
  deps: ReadToolDeps,
  call: ReadToolCall,
  { from, to }: AgentToolArgs<'get_calendar'>,
): Promise<ToolOutcome> {
  const refusal = rangeRefusal(from, to, CALENDAR_MAX_DAYS);
  if (refusal) return refusal;
  // The calendar service reads a week at a time; a range is the weeks starting on `from`, every seventh day.
  const events = new Map<string, CalendarEvent>();
  let timeZone = 'UTC';
  for (let start = from; start <= to; start = addDays(start, 7)) {
    const week = await getCalendarWeek(
      deps.db,
      call.memberId,
      { start, fallbackTimeZone: call.timeZone },
      deps.now(),
    );
    timeZone = week.time_zone;
    for (const event of week.events) if (event.day <= to) events.set(event.id, event);
  }
  const days = new Map<string, { day: string; tasks: unknown[]; focus: unknown[]; busy: unknown[] }>();
  for (const event of events.values()) {
    const day = days.get(event.day) ?? { day: event.day, tasks: [], focus: [], busy: [] };
    if (event.kind === 'external') {
      // The subscribed calendars' events: busy time the model plans around, not the member's tasks.
      day.busy.push({
        title: event.title,
        calendar: event.calendar?.name,
        ...(event.all_day ? { all_day: true } : { start: event.start, end: event.end }),
      });
    } else if (event.kind === 'task') {
      day.tasks.push({ id: Number(event.id.split('-')[1]), title: event.title, status: event.task_status });
    } else {
      const minutes = Math.round((Date.parse(event.end) - Date.parse(event.start)) / 60_000);
      day.focus.push({ start: event.start, end: event.end, minutes });
    }
    days.set(event.day, day);
  }
  const list = [...days.values()]
    .sort((a, b) => (a.day < b.day ? -1 : 1))
    .map((day) => ({
      day: day.day,
      ...(day.tasks.length > 0 ? { tasks: day.tasks } : {}),
      ...(day.focus.length > 0 ? { focus: day.focus } : {}),
      ...(day.busy.length > 0 ? { busy: day.busy } : {}),
    }));
  return answerList({ time_zone: timeZone, from, to }, 'days', list);
}

async function focusStats(
  deps: ReadToolDeps,
  call: ReadToolCall,
  { from, to }: AgentToolArgs<'get_focus_stats'>,
): Promise<ToolOutcome> {
  const refusal = rangeRefusal(from, to, FOCUS_STATS_MAX_DAYS);
  if (refusal) return refusal;
  const stats = await focusStatsBetween(deps.db, call.memberId, {
    from,
    to,
    fallbackTimeZone: call.timeZone,
  });
  return answerList(
    { time_zone: stats.timeZone, from, to, sessions: stats.sessions, minutes: stats.minutes },
    'days',
    stats.days,
  );
}

function answer(value: unknown): ToolOutcome {
  const text = JSON.stringify(value);
  return text.length <= AGENT_TOOL_LIMITS.resultChars
    ? { ok: true, content: text }
    : { ok: true, content: `${text.slice(0, AGENT_TOOL_LIMITS.resultChars - 40)}… (cut: too long)` };
}

/**
 * `head` and a list under `key`, as JSON of at most `resultChars`: the items that fit, whole, in order, and when
 * some did not, `cut` saying how many of how many are shown, so the model can narrow its question.
 */
export function answerList(
  head: Record<string, unknown>,
  key: string,
  items: readonly unknown[],
): ToolOutcome {
  const whole = JSON.stringify({ ...head, [key]: items });
  if (whole.length <= AGENT_TOOL_LIMITS.resultChars) return { ok: true, content: whole };
  // Room kept for the head and the note.
  let room = AGENT_TOOL_LIMITS.resultChars - JSON.stringify(head).length - 200;
  const shown: unknown[] = [];
  for (const item of items) {
    const size = JSON.stringify(item).length + 1;
    if (size > room) break;
    room -= size;
    shown.push(item);
  }
  const cut = `Showing ${shown.length} of ${items.length} ${key}; the rest were cut to keep this short. Narrow the filters or the range to see them.`;
  return { ok: true, content: JSON.stringify({ ...head, [key]: shown, cut }) };
}
