import { queryOptions } from '@tanstack/react-query';
import type { CreateSessionRequest } from '#shared/auth.ts';
import { authErrorText } from '#shared/auth-text.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/** `POST /api/sessions`: the server sets the session cookie; the body is not read. */
export async function exchangeCode(request: CreateSessionRequest): Promise<void> {
  await answerOf(api.sessions.$post({ json: request }), { errorMessage: authErrorText.exchangeCode });
}

export type ExchangeOutcome = { ok: true } | { ok: false; error: unknown };

/**
 * The exchange as a cached query so it runs at most once per code: StrictMode's second effect
 * and any re-render reuse the first answer. A code is single-use, so a failure is cached too (as an outcome,
 * because Query would run a failed query again).
 */
export function exchangeCodeQueryOptions(request: CreateSessionRequest) {
  return queryOptions({
    queryKey: ['auth', 'exchange', request.code] as const,
    queryFn: async (): Promise<ExchangeOutcome> => {
      try {
        await exchangeCode(request);
        return { ok: true };
      } catch (error) {
        return { ok: false, error };
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
