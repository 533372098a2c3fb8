import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedToken, CreateTokenRequest } from '#shared/tokens.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { tokenKeys } from './token-keys.ts';

/** `POST /api/tokens`: a new token, whose secret this answer shows the one time it is ever shown. */
export function createToken(request: CreateTokenRequest): Promise<CreatedToken> {
  return answerOf(api.tokens.$post({ json: request }));
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.list }),
  });
}
