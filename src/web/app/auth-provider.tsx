import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { authErrorText } from '#shared/auth-text.ts';
import { exchangeCodeQueryOptions } from '#web/features/auth/api/exchange-code.ts';
import {
  currentUserQueryKey,
  currentUserQueryOptions,
  useCurrentUserQuery,
} from '#web/features/auth/api/get-current-user.ts';
import { redirectToLogin } from '#web/features/auth/api/get-login-redirect-url.ts';
import { requestLogout } from '#web/features/auth/api/logout.ts';
import { stopPushAtSignOut } from '#web/features/notifications/model/sign-out-push.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { AuthContext, type AuthState } from '#web/lib/auth-context.ts';
import {
  clearOfflineApiCache,
  clearOfflineApiCacheOfEndedSession,
  keepOfflineApiCacheFor,
} from '#web/lib/offline-api-cache.ts';
import { forgetPausedWrites, forgetPausedWritesOf } from '#web/lib/offline-writes.ts';
import { useOfflineWrites } from './use-offline-writes.ts';

/**
 * Session state lives in the query cache under ['auth', 'me'] (the only store of server data), so every
 * consumer shares the one request that this provider's query starts when the app does.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userQuery = useCurrentUserQuery();

  // A 401 means the session is gone, even if an earlier answer named a member. Any other failure keeps the
  // member we already know, so a passing network blip does not sign them out.
  const signedOut = userQuery.error instanceof ApiError && userQuery.error.status === 401;
  const user = signedOut ? null : (userQuery.data ?? null);
  const memberId = user?.id;
  useEffect(() => {
    if (memberId !== undefined) void keepOfflineApiCacheFor(memberId);
  }, [memberId]);
  // The session is over (expired, ended elsewhere): what this browser kept of the member goes, as at sign-out.
  useEffect(() => {
    if (!signedOut) return;
    queryClient.getMutationCache().clear();
    void clearOfflineApiCacheOfEndedSession().then((endedMember) => {
      if (endedMember !== null) forgetPausedWritesOf(endedMember);
    });
  }, [signedOut, queryClient]);
  useOfflineWrites(memberId);

  const fetchUser = useCallback(
    // staleTime 0: always ask the server, unless a request is already in flight, which Query then shares.
    () => queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }),
    [queryClient],
  );

  const exchangeCodeForSessionToken = useCallback(
    async (searchParams: URLSearchParams) => {
      const code = searchParams.get('code');
      if (!code) {
        throw new Error(authErrorText.codeMissing);
      }
      const state = searchParams.get('state');
      if (!state) {
        throw new Error(
          'Cannot exchange code for session token: no state provided in the URL search params.',
        );
      }
      const outcome = await queryClient.fetchQuery(exchangeCodeQueryOptions({ code, state }));
      if (!outcome.ok) {
        throw outcome.error;
      }
      // A user fetch that left before the session cookie existed would answer 401 and be shared with the
      // fetchUser that follows; drop it so that one asks afresh.
      await queryClient.cancelQueries({ queryKey: currentUserQueryKey });
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    // While the session still stands: this browser stops receiving the member's pushes.
    if (memberId !== undefined) await stopPushAtSignOut(memberId);
    // Cleared locally first, and it stays cleared whatever the server says. Cancelling first
    // stops an in-flight fetch from writing the member back.
    await queryClient.cancelQueries({ queryKey: currentUserQueryKey });
    queryClient.setQueryData(currentUserQueryKey, null);
    // Whoever signs in next on this browser must not see the previous member's cached data, here or offline.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    // Changes still waiting for a connection were the member's: they are not sent under whoever signs in next.
    queryClient.getMutationCache().clear();
    forgetPausedWrites();
    await clearOfflineApiCache();
    try {
      await requestLogout();
    } catch (error) {
      console.error(authErrorText.logout, error);
    }
  }, [queryClient, memberId]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      pending: userQuery.isPending,
      fetching: userQuery.isFetching,
      redirectToLogin,
      exchangeCodeForSessionToken,
      fetchUser,
      logout,
    }),
    [user, userQuery.isPending, userQuery.isFetching, exchangeCodeForSessionToken, fetchUser, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
