import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest, DeleteAccountResponse } from '#shared/account.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/** `DELETE /api/account`: the account and everything private of it; the session cookie is cleared with it. */
export function deleteAccount(request: DeleteAccountRequest): Promise<DeleteAccountResponse> {
  return answerOf(api.account.$delete({ json: request }));
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
