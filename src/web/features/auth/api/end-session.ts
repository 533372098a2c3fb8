import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '#web/lib/api-client.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/** `DELETE /api/sessions/{id}`: signs one of the member's other browsers out. */
export async function endSession(id: string): Promise<void> {
  await answerOf(api.sessions[':id'].$delete({ param: { id } }));
}

/** The list is read again whatever came of it: a session another tab ended is gone either way. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
