import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { User } from '#shared/auth.ts';
import { buildUser } from '#tests/factories/build-user.ts';
import { AuthContext, type AuthState } from '#web/lib/auth-context.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { ToasterHost } from '#web/ui/toaster-host.tsx';

/** A component with what the signed-in app gives it: a query client, the Toaster, and a member (auth context). */
export function renderWithMember(ui: ReactNode, user: User = buildUser()) {
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
        {ui}
        <ToasterHost />
      </QueryClientProvider>
    </AuthContext>,
  );
  return { ...result, queryClient, user: userEvent.setup() };
}
