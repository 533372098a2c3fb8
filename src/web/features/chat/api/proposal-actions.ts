import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyProposalResponse, Proposal } from '#shared/agent-tools.ts';
import type { ChatThreadDetail } from '#shared/chat.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { chatThreadQueryKey } from './get-chat-thread.ts';

/** `POST /api/chat/proposals/{id}/apply`: every valid change, in one transaction; what each did. */
export function applyProposal(proposalId: number): Promise<ApplyProposalResponse> {
  return answerOf(api.chat.proposals[':id'].apply.$post({ param: { id: String(proposalId) } }));
}

/** `POST /api/chat/proposals/{id}/reject`: nothing changes; the proposal is rejected for good. */
export function rejectProposal(proposalId: number): Promise<Proposal> {
  return answerOf(api.chat.proposals[':id'].reject.$post({ param: { id: String(proposalId) } }));
}

/** `POST /api/chat/proposals/{id}/undo`: what the apply did is taken back (within 24 hours). */
export function undoProposal(proposalId: number): Promise<Proposal> {
  return answerOf(api.chat.proposals[':id'].undo.$post({ param: { id: String(proposalId) } }));
}

export type ProposalAction = 'apply' | 'reject' | 'undo';

export type ProposalActionAnswer = { proposal: Proposal; results: ApplyProposalResponse['results'] | null };

async function runAction(action: ProposalAction, proposalId: number): Promise<ProposalActionAnswer> {
  switch (action) {
    case 'apply': {
      const answer = await applyProposal(proposalId);
      return { proposal: answer.proposal, results: answer.results };
    }
    case 'reject':
      return { proposal: await rejectProposal(proposalId), results: null };
    case 'undo':
      return { proposal: await undoProposal(proposalId), results: null };
  }
}

/** The thread's cached message that carries this proposal takes its new state. */
function storeProposal(detail: ChatThreadDetail, proposal: Proposal): ChatThreadDetail {
  return {
    ...detail,
    messages: detail.messages.map((message) =>
      message.proposal?.id === proposal.id ? { ...message, proposal } : message,
    ),
  };
}

/**
 * Apply, reject or undo one proposal of a thread's message. The answer's proposal replaces the cached one; after
 * an apply or an undo the pages that show what it changed (tasks, the calendar, the dashboard's stats, the focus
 * timer) read again.
 */
export function useProposalAction(threadId: number, proposalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ProposalAction) => runAction(action, proposalId),
    onSuccess: async ({ proposal }, action) => {
      await queryClient.cancelQueries({ queryKey: chatThreadQueryKey(threadId) });
      queryClient.setQueryData<ChatThreadDetail>(chatThreadQueryKey(threadId), (detail) =>
        detail ? storeProposal(detail, proposal) : detail,
      );
      if (action === 'reject') return;
      for (const queryKey of [
        queryKeys.tasks,
        queryKeys.calendar,
        queryKeys.dashboardStats,
        queryKeys.pomodoro,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    // Refused (applied or undone elsewhere, a task changed since): the thread says where the proposal stands now.
    onError: () => queryClient.invalidateQueries({ queryKey: chatThreadQueryKey(threadId) }),
  });
}
