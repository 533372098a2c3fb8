import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '#web/lib/api-client.ts';
import { tokenKeys } from './token-keys.ts';

/** `DELETE /api/tokens/{id}`: the token stops working at once, and its calls are forgotten. */
export async function revokeToken(id: number): Promise<void> {
  await answerOf(api.tokens[':id'].$delete({ param: { id: String(id) } }));
}

/** Both lists are read again whatever came of it: a token revoked elsewhere is gone either way. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
