import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '#web/app/providers.tsx';
import { routes } from '#web/app/router.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';

/** The whole app (real routes, providers and query client) at `path`, on a memory router. */
export function renderApp(path: string, { strict = false }: { strict?: boolean } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const app = () => {
    const tree = (
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    );
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
  const result = render(app());
  return {
    ...result,
    router,
    queryClient,
    user: userEvent.setup(),
    /** Renders the same tree again, as a parent re-render would. */
    rerenderApp: () => result.rerender(app()),
    pathname: () => router.state.location.pathname,
  };
}
