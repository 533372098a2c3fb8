import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { DbTransaction } from '#server/db/member-lock.ts';
import { chatProposals } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { inLanguage, say } from '#server/lib/http/request-language.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import {
  AGENT_TOOL_LIMITS,
  type ApplyProposalResponse,
  type Proposal,
  proposalChangeSchema,
  proposalStatusSchema,
} from '#shared/agent-tools.ts';
import type { Language } from '#shared/language.ts';
import type { PomodoroTimer } from '#shared/pomodoro.ts';
import { publishTimer } from '../pomodoro/pomodoro-timer.store.ts';
import { announceTasksChanged } from '../tasks/task-events.ts';
import { taskSnapshots } from '../tasks/task-snapshots.ts';
import {
  awardTaskWarriorIfEarned,
  lockedTaskListVersion,
  restoreTaskListVersion,
} from '../tasks/tasks.service.ts';
import {
  applyChanges,
  describeCall,
  type StoredChange,
  storedChangeSchema,
  taskIdsOf,
  undoChanges,
  undoRecordSchema,
  writeToolOf,
} from './proposal-changes.ts';
import type { ToolOutcome } from './read-tools.ts';

/*
 * Chat proposals (the `chat_proposals` table, this feature's): the changes an AI reply proposed with write tools,
 * which the member applies (all valid changes in one transaction), rejects, or undoes within
 * AGENT_TOOL_LIMITS.undoHours. pending → applied → undone, or pending → rejected; each step happens once.
 */

type ProposalRow = typeof chatProposals.$inferSelect;

/** What applying and undoing need besides the database: the clock and the bus every open page listens on. */
export type ProposalDeps = { db: Db; events: EventBus; now: () => Date };

const UNDO_MS = AGENT_TOOL_LIMITS.undoHours * 60 * 60_000;

function storedChanges(row: ProposalRow): StoredChange[] {
  return storedChangeSchema.array().parse(row.changes);
}

/** The proposal as the API and chat messages show it (the stored task titles stay server-side). */
export function presentProposal(row: ProposalRow): Proposal {
  const status = proposalStatusSchema.parse(row.status);
  return {
    id: row.id,
    status,
    changes: storedChanges(row).map((change) => proposalChangeSchema.parse(change)),
    applied_at: row.appliedAt ? row.appliedAt.toISOString() : null,
    undo_until:
      status === 'applied' && row.appliedAt
        ? new Date(row.appliedAt.getTime() + UNDO_MS).toISOString()
        : null,
  };
}

/** Thrown to roll back a trial run, whose writes only served to check the changes. */
class TrialOnly extends Error {}

/**
 * Checks each call in order against the member's data as the calls before it would leave it, and describes it,
 * WITHOUT changing anything: every valid change is tried in a savepoint (so a service's own refusal, such as a
 * repeat rule without a due date or a timer already running, marks it invalid), and the whole trial is rolled
 * back. Calls that are not write tools are left out, and at most `changesPerProposal` are kept.
 */
async function checkCalls(
  db: Db,
  userId: number,
  calls: readonly { name: string; args: unknown }[],
  language: Language,
  now: Date,
): Promise<StoredChange[]> {
  const checked: StoredChange[] = [];
  const trial = db.transaction(async (tx) => {
    for (const call of calls) {
      if (checked.length >= AGENT_TOOL_LIMITS.changesPerProposal) break;
      const tool = writeToolOf(call.name);
      if (!tool) continue;
      const change = await describeIn(tx, userId, tool, call.args, language);
      if (change.valid) {
        try {
          await tx.transaction((savepoint) => applyChanges(savepoint, userId, [change], { now }));
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          checked.push({ ...change, valid: false, error: error.message });
          continue;
        }
      }
      checked.push(change);
    }
    throw new TrialOnly();
  });
  await trial.catch((error: unknown) => {
    if (!(error instanceof TrialOnly)) throw error;
  });
  return checked;
}

async function describeIn(
  tx: DbTransaction,
  userId: number,
  tool: NonNullable<ReturnType<typeof writeToolOf>>,
  args: unknown,
  language: Language,
): Promise<StoredChange> {
  const probe = describeCall(tool, args, new Map(), language);
  const tasks = await taskSnapshots(tx, userId, taskIdsOf([probe]));
  return describeCall(tool, args, tasks, language);
}

/**
 * Stores the changes an AI reply proposed, for the member to apply, reject or undo, and answers the proposal.
 * Nothing of the member's data changes. Each change is checked (arguments, the member's own live task), and
 * described in `language` ("Move “Buy milk” to Fri, Dec 26") with its fields before → after (`field` is the
 * task field's name: title, status, due_date, due_time, labels, repeat, notes, focus_minutes; values as stored,
 * null for none). A change that cannot be made is kept, `valid: false` with `error`, and is never applied.
 * `messageId` is the reply the proposal belongs to (one proposal per message), null before it is stored.
 */
export async function createProposal(
  db: Db,
  input: {
    userId: number;
    threadId: number;
    messageId: number | null;
    calls: readonly { name: string; args: unknown }[];
    language: Language;
    now: Date;
  },
): Promise<Proposal> {
  const changes = await inLanguage(input.language, () =>
    checkCalls(db, input.userId, input.calls, input.language, input.now),
  );
  const [row] = await db
    .insert(chatProposals)
    .values({
      userId: input.userId,
      threadId: input.threadId,
      messageId: input.messageId,
      status: 'pending',
      changes,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('insert into chat_proposals returned no row');
  return presentProposal(row);
}

/** The proposals of these messages of the member's, by message id, for presenting a thread. */
export async function proposalsOfMessages(
  db: Db,
  userId: number,
  messageIds: readonly number[],
): Promise<Map<number, Proposal>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(chatProposals)
    .where(and(eq(chatProposals.userId, userId), inArray(chatProposals.messageId, [...messageIds])));
  return new Map(
    rows.flatMap((row) => (row.messageId === null ? [] : [[row.messageId, presentProposal(row)]])),
  );
}

/** The member's proposal, locked until the transaction ends; another member's or an unknown one is 404. */
async function lockProposal(tx: DbTransaction, userId: number, id: number): Promise<ProposalRow> {
  const [row] = await tx
    .select()
    .from(chatProposals)
    .where(and(eq(chatProposals.id, id), eq(chatProposals.userId, userId)))
    .for('update');
  if (!row) throw notFound('chatProposal');
  return row;
}

/** Why a proposal in this state cannot be applied or rejected: it was decided already. */
function decidedAlready(status: string): AppError {
  return new AppError(
    'conflict',
    status === 'applied'
      ? say('server.agentTools.alreadyApplied')
      : status === 'rejected'
        ? say('server.agentTools.alreadyRejected')
        : say('server.agentTools.alreadyUndone'),
  );
}

/** After a commit: what every open page of the member hears (task lists refetch; the timer as it stands). */
async function tellMember(
  deps: ProposalDeps,
  userId: number,
  outcome: { tasksChanged: boolean; timer: PomodoroTimer | null; completedTask?: boolean },
  now: Date,
): Promise<void> {
  if (outcome.tasksChanged) announceTasksChanged(deps.events, userId);
  if (outcome.timer) publishTimer(deps.events, userId, outcome.timer);
  // As the tasks service does it: after the commit, through the pool.
  if (outcome.completedTask) await awardTaskWarriorIfEarned(deps.db, userId, now);
}

/**
 * `POST /api/chat/proposals/{id}/apply`: every valid change, in one transaction, all or none. A task a change
 * names that was deleted since refuses the whole apply (**409** naming it); so does a proposal applied, rejected
 * or undone before, or one with no valid change. `timeZone` (the browser's) is where new dates are read when the
 * member's profile names no zone.
 */
export async function applyProposal(
  deps: ProposalDeps,
  userId: number,
  id: number,
  options: { timeZone?: string | undefined } = {},
): Promise<ApplyProposalResponse> {
  const now = deps.now();
  const { row, applied } = await deps.db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, userId, id);
    if (proposal.status !== 'pending') throw decidedAlready(proposal.status);
    const valid = storedChanges(proposal).filter((change) => change.valid);
    if (valid.length === 0) throw new AppError('conflict', say('server.agentTools.nothingValid'));
    const versionBefore = await lockedTaskListVersion(tx, userId);
    const applied = await applyChanges(tx, userId, valid, { now, timeZone: options.timeZone });
    const tasksVersion = { before: versionBefore, after: await lockedTaskListVersion(tx, userId) };
    const [row] = await tx
      .update(chatProposals)
      .set({ status: 'applied', appliedAt: now, decidedAt: now, undo: { ...applied.undo, tasksVersion } })
      .where(eq(chatProposals.id, proposal.id))
      .returning();
    if (!row) throw notFound('chatProposal');
    return { row, applied };
  });
  await tellMember(deps, userId, applied, now);
  return { status: 'applied', results: applied.results, proposal: presentProposal(row) };
}

/**
 * `POST /api/chat/proposals/{id}/undo`: puts back exactly what the apply changed (proposal-changes.ts,
 * `undoChanges`), within AGENT_TOOL_LIMITS.undoHours of it, once. **409** for a proposal not applied (pending,
 * rejected, undone), too late, or when something it changed was changed since (naming it; nothing is written).
 * A badge the apply earned stays earned.
 */
export async function undoProposal(deps: ProposalDeps, userId: number, id: number): Promise<Proposal> {
  const now = deps.now();
  const { row, undone } = await deps.db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, userId, id);
    if (proposal.status === 'undone') throw new AppError('conflict', say('server.agentTools.alreadyUndone'));
    if (proposal.status !== 'applied' || !proposal.appliedAt) {
      throw new AppError('conflict', say('server.agentTools.notApplied'));
    }
    if (now.getTime() - proposal.appliedAt.getTime() > UNDO_MS) {
      throw new AppError(
        'conflict',
        say('server.agentTools.undoExpired', { hours: AGENT_TOOL_LIMITS.undoHours }),
      );
    }
    const record = undoRecordSchema.parse(proposal.undo);
    const untouchedSince = record.tasksVersion?.after === (await lockedTaskListVersion(tx, userId));
    const undone = await undoChanges(tx, userId, record, now);
    if (untouchedSince && record.tasksVersion) {
      await restoreTaskListVersion(tx, userId, record.tasksVersion.before);
    }
    const [row] = await tx
      .update(chatProposals)
      .set({ status: 'undone', decidedAt: now, undo: null })
      .where(eq(chatProposals.id, proposal.id))
      .returning();
    if (!row) throw notFound('chatProposal');
    return { row, undone };
  });
  await tellMember(deps, userId, undone, now);
  return presentProposal(row);
}

/** `POST /api/chat/proposals/{id}/reject`: the member said no; nothing changes. Only a pending one (else 409). */
export async function rejectProposal(deps: Pick<ProposalDeps, 'db' | 'now'>, userId: number, id: number) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, userId, id);
    if (proposal.status !== 'pending') throw decidedAlready(proposal.status);
    const [row] = await tx
      .update(chatProposals)
      .set({ status: 'rejected', decidedAt: now })
      .where(eq(chatProposals.id, proposal.id))
      .returning();
    if (!row) throw notFound('chatProposal');
    return presentProposal(row);
  });
}

/**
 * One write tool run at once for the member (MCP, with a token that may write): checked as a proposal's change
 * is, and applied through the same path as a proposal's apply, in a transaction of its own. Never throws for the
 * model's mistakes or a refusal (`ok: false` with the reason, in `language`); `content` is compact JSON text:
 * the summary, the task's id, or the draft's link. No Undo is kept.
 */
export async function runWriteToolNow(
  deps: ProposalDeps,
  call: {
    memberId: number;
    name: string;
    args: unknown;
    language: Language;
    now?: Date | undefined;
    timeZone?: string | undefined;
  },
): Promise<ToolOutcome> {
  const tool = writeToolOf(call.name);
  if (!tool) return { ok: false, content: `Unknown write tool: ${call.name}` };
  const now = call.now ?? deps.now();
  return inLanguage(call.language, async () => {
    try {
      const outcome = await deps.db.transaction(async (tx) => {
        const change = await describeIn(tx, call.memberId, tool, call.args, call.language);
        if (!change.valid) return { change, applied: null };
        const applied = await applyChanges(tx, call.memberId, [change], { now, timeZone: call.timeZone });
        return { change, applied };
      });
      if (!outcome.applied) return { ok: false, content: outcome.change.error ?? outcome.change.summary };
      await tellMember(deps, call.memberId, outcome.applied, now);
      const [result] = outcome.applied.results;
      return { ok: true, content: JSON.stringify({ done: true, ...result }) };
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return { ok: false, content: error.message };
      throw error;
    }
  });
}
