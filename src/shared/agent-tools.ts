import { z } from 'zod';
import { postBodySchema, postTitleSchema } from './community.ts';
import type { Language } from './language.ts';
import { rowIdSchema } from './row-id.ts';
import {
  checklistInputSchema,
  dueDateSchema,
  dueTimeSchema,
  TASK_PLAN_LIMITS,
  taskLabelSchema,
  taskLabelsSchema,
  taskStatusSchema,
  taskTitleSchema,
} from './tasks.ts';

/**
 * The tools Lumara's AI (and an outside agent through MCP) may use on the member's own data. Read tools run at
 * once and answer the model; write tools are never run by the model: in the studio they become a proposal the
 * member applies, rejects or undoes (chat proposals), and through MCP they run for a token with the write scope.
 * Each tool's arguments are a zod schema here, from which the JSON Schema the model sees is generated.
 */

const day = z.iso.date();
const repeatSchema = z.string().trim().min(1).max(TASK_PLAN_LIMITS.repeatMax);
const notesSchema = z.string().max(TASK_PLAN_LIMITS.notesMax);

export const agentToolArgsSchemas = {
  list_tasks: z
    .object({
      status: taskStatusSchema.optional(),
      label: taskLabelSchema.optional(),
      due_from: day.optional(),
      due_to: day.optional(),
      query: z.string().trim().min(1).max(100).optional(),
    })
    .strict(),
  get_calendar: z.object({ from: day, to: day }).strict(),
  get_focus_stats: z.object({ from: day, to: day }).strict(),
  search: z.object({ query: z.string().trim().min(1).max(100) }).strict(),
  create_task: z
    .object({
      title: taskTitleSchema,
      due_date: day.optional(),
      due_time: dueTimeSchema.optional(),
      labels: taskLabelsSchema.optional(),
      repeat: repeatSchema.optional(),
      notes: notesSchema.optional(),
      checklist: checklistInputSchema.optional(),
    })
    .strict(),
  update_task: z
    .object({
      id: rowIdSchema,
      title: taskTitleSchema.optional(),
      status: taskStatusSchema.optional(),
      due_date: dueDateSchema.optional(),
      due_time: dueTimeSchema.nullable().optional(),
      labels: taskLabelsSchema.optional(),
      repeat: repeatSchema.nullable().optional(),
      notes: notesSchema.nullable().optional(),
    })
    .strict(),
  complete_task: z.object({ id: rowIdSchema }).strict(),
  delete_task: z.object({ id: rowIdSchema }).strict(),
  start_focus: z
    .object({ minutes: z.number().int().min(1).max(180), task_id: rowIdSchema.optional() })
    .strict(),
  draft_post: z.object({ title: postTitleSchema, body: postBodySchema }).strict(),
} as const;

export type AgentToolName = keyof typeof agentToolArgsSchemas;
export type AgentToolArgs<N extends AgentToolName> = z.infer<(typeof agentToolArgsSchemas)[N]>;

export const readToolNames = ['list_tasks', 'get_calendar', 'get_focus_stats', 'search'] as const;
export const writeToolNames = [
  'create_task',
  'update_task',
  'complete_task',
  'delete_task',
  'start_focus',
  'draft_post',
] as const;
export type ReadToolName = (typeof readToolNames)[number];
export type WriteToolName = (typeof writeToolNames)[number];
export const agentToolNameSchema = z.enum([...readToolNames, ...writeToolNames]);
export const writeToolNameSchema = z.enum(writeToolNames);

export function isWriteTool(name: string): name is WriteToolName {
  return (writeToolNames as readonly string[]).includes(name);
}

export const AGENT_TOOL_LIMITS = {
  /** Rounds of read tools one reply may take before the model must answer. */
  roundsPerReply: 5,
  /** Tool calls one round may make; more are answered as refused. */
  callsPerRound: 10,
  /** Changes one proposal may hold. */
  changesPerProposal: 20,
  /** Characters of a read tool's result sent back to the model (a list is cut, and says so). */
  resultChars: 12_000,
  /** How long after an apply its Undo is offered. */
  undoHours: 24,
} as const;

/**
 * The "Plan my day" prompt of the Lumara persona, in each language: the member sends it as a chat message (the
 * studio offers it beside the persona; it is not one of the seeded quick actions, whose set is fixed). With tools
 * the reply reads today's tasks, calendar and recent focus, and proposes the changes for the member to apply.
 */
export const PLAN_MY_DAY_PROMPT = {
  en:
    'Plan my day. Look at my tasks, my calendar for today and my focus sessions of the last week, then give me ' +
    'a realistic plan for today. Propose the changes it needs as changes I can apply: due dates and times for ' +
    "what fits today, moving what doesn't to another day, and statuses (what is in progress, what is done).",
  es:
    'Planifica mi día. Mira mis tareas, mi calendario de hoy y mis sesiones de enfoque de la última semana, y ' +
    'dame un plan realista para hoy. Propón los cambios que necesite como cambios que pueda aplicar: fechas y ' +
    'horas para lo que cabe hoy, mover lo que no cabe a otro día, y estados (qué está en curso, qué está hecho).',
} as const satisfies Record<Language, string>;

export const proposalStatuses = ['pending', 'applied', 'rejected', 'undone'] as const;
export const proposalStatusSchema = z.enum(proposalStatuses);

/** One field a change moves, as the proposal card shows it ("Due: Dec 24 → Dec 25"); null is "none". */
export const proposalFieldChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

/**
 * One change the AI proposed. `summary` says it in the member's language ("Move 'Buy milk' to tomorrow"). A
 * change naming another member's row, a missing row or bad arguments is `valid: false` with `error`, and is never
 * applied.
 */
export const proposalChangeSchema = z
  .object({
    tool: writeToolNameSchema,
    args: z.record(z.string(), z.unknown()),
    summary: z.string(),
    fields: z.array(proposalFieldChangeSchema),
    valid: z.boolean(),
    error: z.string().optional(),
  })
  .meta({ id: 'ProposalChange' });
export type ProposalChange = z.infer<typeof proposalChangeSchema>;

export const proposalSchema = z
  .object({
    id: z.number().int(),
    status: proposalStatusSchema,
    changes: z.array(proposalChangeSchema),
    applied_at: z.string().nullable(),
    /** Until when Undo is offered (24 h after the apply); null before an apply. */
    undo_until: z.string().nullable(),
  })
  .meta({ id: 'ChatProposal' });
export type Proposal = z.infer<typeof proposalSchema>;

/** What applying one change did: the task it made or changed, or where the draft post opens. */
export const proposalResultSchema = z.object({
  tool: writeToolNameSchema,
  summary: z.string(),
  task_id: z.number().int().optional(),
  url: z.string().optional(),
});
export type ProposalResult = z.infer<typeof proposalResultSchema>;

export const applyProposalResponseSchema = z
  .object({ status: z.literal('applied'), results: z.array(proposalResultSchema), proposal: proposalSchema })
  .meta({ id: 'AppliedProposal' });
export type ApplyProposalResponse = z.infer<typeof applyProposalResponseSchema>;
