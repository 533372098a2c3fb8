import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndOtherSessionsResponse } from '#shared/auth.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/** `DELETE /api/sessions/others`: signs every browser but this one out. */
export function endOtherSessions(): Promise<EndOtherSessionsResponse> {
  return answerOf(api.sessions.others.$delete());
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
