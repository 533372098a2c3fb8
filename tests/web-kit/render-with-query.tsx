import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '#web/lib/query-client.ts';

/** One component with the app's query client, for tests that do not need routes or a member. */
export function renderWithQuery(ui: ReactElement) {
  const queryClient = createQueryClient();
  const wrap = (element: ReactElement) => (
    <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>
  );
  const result = render(wrap(ui));
  return { ...result, queryClient, rerenderWith: (next: ReactElement) => result.rerender(wrap(next)) };
}
