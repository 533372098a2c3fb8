import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { noSessionAnswer } from '#tests/web-kit/auth/auth-handlers.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { Button } from '#web/ui/button.tsx';

describe('AppProviders', () => {
  it('mounts the toaster only when the first toast is asked for, which then shows', async () => {
    server.use(http.get('/api/users/me', noSessionAnswer));
    // Whether a toast was asked for is the toast module's own state: a fresh one, whatever other files asked.
    vi.resetModules();
    const { AppProviders } = await import('./providers.tsx');
    const { toast } = await import('#web/ui/toast.ts');
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Button onClick={() => toast('Task deleted')}>Delete</Button>
      </AppProviders>,
    );
    // Even with sonner's module here (a lazy toaster would have mounted by now), nothing of it is in the page.
    await act(async () => {
      await import('sonner');
    });
    expect(screen.queryByRole('region', { name: /Messages/ })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Messages/ })).toBeInTheDocument();
  });
});
