import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import { AGENT_TOOL_LIMITS, applyProposalResponseSchema, proposalSchema } from '#shared/agent-tools.ts';
import { applyProposal, rejectProposal, undoProposal } from './chat-proposals.ts';

const proposalPath = idParams('chatProposal');

/**
 * What the member does with the changes an AI reply proposed (a chat message's `proposal`). Every call acts on
 * the signed-in member's own proposals; another member's or an unknown one is **404**.
 */
export const agentToolRoutes = {
  apply: apiRoute({
    method: 'post',
    path: '/api/chat/proposals/{id}/apply',
    operationId: 'applyChatProposal',
    tags: ['Chat'],
    summary: 'Apply the changes an AI reply proposed',
    description:
      'Every change marked `valid`, in order, in one transaction: all are made or none. Changes are made as ' +
      'the task and focus timer calls make them (a repeating task completed moves on to its next date; a ' +
      "focus run starts only on an idle timer). `draft_post` writes nothing: its result's `url` opens the " +
      'community editor prefilled (`/community?draft_title=…&draft_body=…`). Open pages hear `tasks.changed` ' +
      'and `pomodoro.timer`. **409** when the proposal was applied, rejected or undone before, has no valid ' +
      'change, or a task it names was deleted since (the message names it; nothing is written), or a service ' +
      'refuses a change (the timer is already running).',
    request: { params: proposalPath },
    responses: { 200: json(applyProposalResponseSchema, 'Applied: what each change did, and the proposal') },
  }),
  undo: apiRoute({
    method: 'post',
    path: '/api/chat/proposals/{id}/undo',
    operationId: 'undoChatProposal',
    tags: ['Chat'],
    summary: 'Take back an applied proposal',
    description:
      `Within ${AGENT_TOOL_LIMITS.undoHours} hours of the apply (\`undo_until\`), once: tasks it added are ` +
      'removed, tasks it changed, completed or deleted are put back exactly as they were (status, position, ' +
      'dates, checklist, completion records), and a focus run it started is taken back. **409** for a ' +
      'proposal not applied or already undone, too late, or when something it changed was changed since ' +
      '(the message names it; nothing is written). The task list version (its `ETag`) still moves on.',
    request: { params: proposalPath },
    responses: { 200: json(proposalSchema, 'The proposal, undone') },
  }),
  reject: apiRoute({
    method: 'post',
    path: '/api/chat/proposals/{id}/reject',
    operationId: 'rejectChatProposal',
    tags: ['Chat'],
    summary: 'Turn down the changes an AI reply proposed',
    description: 'Nothing changes; the proposal is `rejected` for good. **409** unless it is still pending.',
    request: { params: proposalPath },
    responses: { 200: json(proposalSchema, 'The proposal, rejected') },
  }),
};

export function createAgentToolRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  now: () => Date;
  events: EventBus;
}) {
  return createApiRouter(deps.requireMember)
    .openapi(agentToolRoutes.apply, async (c) =>
      c.json(await applyProposal(deps, memberIdOf(c), c.req.valid('param').id), 200),
    )
    .openapi(agentToolRoutes.undo, async (c) =>
      c.json(await undoProposal(deps, memberIdOf(c), c.req.valid('param').id), 200),
    )
    .openapi(agentToolRoutes.reject, async (c) =>
      c.json(await rejectProposal(deps, memberIdOf(c), c.req.valid('param').id), 200),
    );
}
