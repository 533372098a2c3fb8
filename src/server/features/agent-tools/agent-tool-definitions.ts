import { z } from 'zod';
import { type AgentToolName, agentToolArgsSchemas } from '#shared/agent-tools.ts';

/** A JSON Schema object, as OpenAI's `tools[].function.parameters` and MCP's `inputSchema` take it. */
export type JsonSchemaObject = {
  type: 'object';
  properties: Record<string, unknown>;
  [key: string]: unknown;
};

/** One tool as a model is told of it: OpenAI's `{type: 'function', function: <this>}`, MCP's tool listing. */
export type AgentToolDefinition = { name: AgentToolName; description: string; parameters: JsonSchemaObject };

const DAY = "a day, YYYY-MM-DD, in the member's time zone";

/**
 * What each tool does, for the model (English: the model reads it, the member never does). Write tools say that
 * the member confirms them, so the model words its reply as a suggestion, not as something done.
 */
const descriptions: Record<AgentToolName, string> = {
  list_tasks:
    "List the member's own tasks (not deleted), in board order, with id, title, status (todo, doing, done), " +
    'labels, due date and plan. Every filter is optional and they combine: status, one label, a due range ' +
    `(due_from and due_to, each ${DAY}, inclusive; tasks without a due date are left out when a range is given), ` +
    'and query, words to find in the title or notes. Use it to find the id of a task before changing it.',
  get_calendar:
    "The member's calendar from `from` through `to` (each " +
    DAY +
    ', at most 62 days): tasks due on each day (with their status, and completed occurrences of repeating ' +
    'tasks), the focus sessions completed, and `busy`: the events of the outside calendars the member ' +
    'subscribed to (title, calendar, start and end; all-day ones by day), times when they are not free.',
  get_focus_stats:
    'How much the member focused from `from` through `to` (each ' +
    DAY +
    ', at most 366 days): completed focus sessions, their minutes, in all and per day.',
  search:
    "Find the member's own tasks, chat threads and community posts whose title holds the words of `query` " +
    '(a few of each kind, with their ids).',
  create_task:
    'Propose adding a task for the member (it goes on top of To Do). Only `title` is required; `due_date` is ' +
    `${DAY}; \`due_time\` HH:MM (24 h) needs a due_date; \`repeat\` an RFC 5545 rule such as FREQ=WEEKLY;BYDAY=MO ` +
    '(needs a due_date); `checklist` items `{text}`. The member confirms before anything is written.',
  update_task:
    "Propose changing one of the member's tasks, named by `id` (from list_tasks or search): any of title, status, " +
    `due_date (${DAY}; null removes it), due_time (HH:MM; null removes it), labels (the whole new list), repeat ` +
    '(null stops it) and notes (null clears them). Fields left out stay as they are. The member confirms first.',
  complete_task:
    "Propose marking one of the member's tasks done, named by `id`. A repeating task moves on to its next date " +
    'instead of staying done. The member confirms first.',
  delete_task:
    "Propose deleting one of the member's tasks, named by `id` (it can be restored). The member confirms first.",
  start_focus:
    "Propose starting the member's focus timer for `minutes` (1–180), optionally on one of their tasks " +
    '(`task_id`). Refused when a timer is already running or paused. The member confirms first.',
  draft_post:
    'Propose a community post for the member: a title and a body (Markdown). Nothing is posted: the member ' +
    'opens it in the community editor, prefilled, to change and publish it themselves.',
};

/** Words for the arguments whose names say too little. */
const argumentDescriptions: Partial<Record<string, string>> = {
  due_date: DAY,
  due_from: `${DAY}, inclusive`,
  due_to: `${DAY}, inclusive`,
  from: `${DAY}, inclusive`,
  to: `${DAY}, inclusive`,
  due_time: 'HH:MM, 24 h, in the member’s time zone',
  id: 'the id of one of the member’s tasks',
  task_id: 'the id of one of the member’s tasks',
  repeat: 'an RFC 5545 recurrence rule without RRULE:, e.g. FREQ=DAILY or FREQ=MONTHLY;BYMONTHDAY=-1',
};

/** zod's own pattern for a calendar day (leap years and all) says nothing a model needs; this short one does. */
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Walks a generated schema: shorter day patterns. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]): [string, unknown] => [key, simplify(value)]);
  const out = Object.fromEntries(entries);
  if (out.format === 'date') out.pattern = DAY_PATTERN;
  return out;
}

function parametersOf(name: AgentToolName): JsonSchemaObject {
  const { $schema: _dialect, ...generated } = z.toJSONSchema(agentToolArgsSchemas[name], { io: 'input' });
  const schema = simplify(generated) as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [argument, property] of Object.entries(properties)) {
    const words = argumentDescriptions[argument];
    if (words && property.description === undefined) property.description = words;
  }
  return { ...schema, type: 'object', properties };
}

const cache = new Map<AgentToolName, AgentToolDefinition>();

/**
 * The tools named, as a model is told of them: name, description, and `parameters`, a JSON Schema object
 * (draft 2020-12 without `$schema`, `additionalProperties: false`) generated from the tool's zod arguments in
 * #shared/agent-tools.ts, so what the model is told and what is checked are one. Made once per tool and shared:
 * callers must not change them.
 */
export function agentToolDefinitions(names: readonly AgentToolName[]): AgentToolDefinition[] {
  return names.map((name) => {
    const known = cache.get(name);
    if (known) return known;
    const definition: AgentToolDefinition = {
      name,
      description: descriptions[name],
      parameters: parametersOf(name),
    };
    cache.set(name, definition);
    return definition;
  });
}
