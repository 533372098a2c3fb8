import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createQueryClient } from '#web/lib/query-client.ts';
import { ToasterHost } from '#web/ui/toaster-host.tsx';

/** A tasks component with what the app gives it: a fresh query client and the one Toaster. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <ToasterHost />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, user: userEvent.setup() };
}
