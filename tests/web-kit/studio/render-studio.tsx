import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { StudioPage } from '#web/app/pages/studio/components/studio-page.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';

/**
 * The studio page at `path` with a fresh query client, on a memory router (the page reads and writes
 * `?tab=`). `strict` renders it in StrictMode, which runs effects twice, as development builds do.
 */
export function renderStudio(path = '/studio', { strict = false }: { strict?: boolean } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '/studio', element: <StudioPage /> }], {
    initialEntries: [path],
  });
  const tree = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return {
    ...result,
    queryClient,
    router,
    user: userEvent.setup(),
    search: () => router.state.location.search,
  };
}
