import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderSignedInApp } from '#tests/web-kit/render-signed-in-app.tsx';
import { renderWithQuery } from '#tests/web-kit/render-with-query.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { OfflineBanner } from './offline-banner.tsx';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

beforeAll(preloadPages, 30_000);
afterEach(() => {
  goOffline(false);
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it('says the page is offline and that changes will sync, and goes when the connection returns', async () => {
    await renderSignedInApp('/music');
    expect(screen.queryByText(/Offline/)).not.toBeInTheDocument();
    goOffline(true);
    expect(screen.getByText('Offline — changes will sync').closest('[role="status"]')).not.toBeNull();
    goOffline(false);
    expect(screen.queryByText(/Offline/)).not.toBeInTheDocument();
  });

  it('says it in Spanish, counting the changes that wait for the connection', async () => {
    await act(() => activateLanguage('es'));
    const { queryClient } = renderWithQuery(<OfflineBanner />);
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión: los cambios se sincronizarán');

    // Writes made offline are paused by Query until the connection returns; these never answer.
    const write = () =>
      act(() => {
        void queryClient
          .getMutationCache()
          .build(queryClient, { mutationFn: () => new Promise(() => {}) })
          .execute(undefined);
      });
    write();
    expect(
      await screen.findByText('Sin conexión: los cambios se sincronizarán (1 pendiente)'),
    ).toBeInTheDocument();
    write();
    expect(
      await screen.findByText('Sin conexión: los cambios se sincronizarán (2 pendientes)'),
    ).toBeInTheDocument();
  });
});
