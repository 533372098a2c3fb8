import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderSignedInApp } from '#tests/web-kit/render-signed-in-app.tsx';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

beforeAll(preloadPages, 30_000);
afterEach(() => vi.restoreAllMocks());

describe('OfflineBanner', () => {
  it('says the page is offline and that changes will sync, and goes when the connection returns', async () => {
    await renderSignedInApp('/music');
    expect(screen.queryByText(/Offline/)).not.toBeInTheDocument();
    goOffline(true);
    expect(screen.getByText('Offline — changes will sync').closest('[role="status"]')).not.toBeNull();
    goOffline(false);
    expect(screen.queryByText(/Offline/)).not.toBeInTheDocument();
  });
});
