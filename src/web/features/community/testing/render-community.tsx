import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '#shared/auth.ts';
import { AuthContext, type AuthState } from '#web/app/auth-context.ts';
import { createQueryClient } from '#web/app/query-client.ts';
import { buildUser } from '#web/testing/build-user.ts';
import { CommunityPage } from '../components/community-page.tsx';

/** The community page with a fresh query client, signed in as `user` (ME by default). */
export function renderCommunity(user: User = buildUser()) {
  const queryClient = createQueryClient();
  const auth: AuthState = {
    user,
    pending: false,
    fetching: false,
    redirectToLogin: async () => {},
    exchangeCodeForSessionToken: async () => {},
    fetchUser: async () => user,
    logout: async () => {},
  };
  const result = render(
    <AuthContext value={auth}>
      <QueryClientProvider client={queryClient}>
        <CommunityPage />
      </QueryClientProvider>
    </AuthContext>,
  );
  return { ...result, queryClient, user: userEvent.setup() };
}
