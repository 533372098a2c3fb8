import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MediaUsage } from '#shared/media.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { StorageUsageCard } from './storage-usage-card.tsx';

const GB = 1024 ** 3;

function serveUsage(usage: MediaUsage) {
  server.use(http.get('/api/media/usage', () => HttpResponse.json(usage)));
}

describe('StorageUsageCard', () => {
  it('shows how much of the quota is used, in words and as a bar', async () => {
    serveUsage({ used_bytes: 1.2 * GB, quota_bytes: 5 * GB });
    renderWithMember(<StorageUsageCard />);
    const bar = await screen.findByRole('progressbar', { name: 'Storage' });
    expect(screen.getByText('1.2 GB of 5 GB used')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '24');
    expect(bar).toHaveAttribute('aria-valuetext', '1.2 GB of 5 GB used');
  });

  it('fills the bar no further than full when the member is over a lowered quota', async () => {
    serveUsage({ used_bytes: 6 * GB, quota_bytes: 5 * GB });
    renderWithMember(<StorageUsageCard />);
    expect(await screen.findByRole('progressbar', { name: 'Storage' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByText('6 GB of 5 GB used')).toBeInTheDocument();
  });

  it('says it in Spanish, with the Spanish decimal comma', async () => {
    serveUsage({ used_bytes: 300 * 1024 ** 2 + 512 * 1024, quota_bytes: 5 * GB });
    await act(() => activateLanguage('es'));
    try {
      renderWithMember(<StorageUsageCard />);
      expect(await screen.findByRole('progressbar', { name: 'Almacenamiento' })).toHaveAttribute(
        'aria-valuenow',
        '6',
      );
      expect(screen.getByText('300,5 MB usados de 5 GB')).toBeInTheDocument();
    } finally {
      await act(() => activateLanguage('en'));
    }
  });

  it('says the use could not be loaded, with a way to try again', async () => {
    server.use(http.get('/api/media/usage', () => errorResponse(404, 'not_found')));
    renderWithMember(<StorageUsageCard />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to load storage use')]);
  });
});
