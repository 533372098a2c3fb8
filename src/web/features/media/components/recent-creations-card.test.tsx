import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '#shared/media.ts';
import { buildMediaItem, serveMedia } from '#tests/web-kit/media/media-handlers.ts';
import { requestsTo } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { RecentCreationsCard } from './recent-creations-card.tsx';

function renderCard(items: MediaItem[]) {
  serveMedia(items);
  const router = createMemoryRouter(
    [
      { path: '/', element: <RecentCreationsCard /> },
      { path: '/studio', element: <p>Studio page</p> },
    ],
    { initialEntries: ['/'] },
  );
  return { ...renderWithMember(<RouterProvider router={router} />), router };
}

describe('RecentCreationsCard', () => {
  it('shows the last 6 creations, newest first, and View All opens the gallery', async () => {
    const items = Array.from({ length: 8 }, (_, n) => buildMediaItem({ title: `Creation number ${n + 1}` }));
    const { user, router } = renderCard(items);
    const card = screen.getByRole('region', { name: 'Recent Creations' });
    const list = await within(card).findByRole('list', { name: 'Recent creations' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual([
      'Creation number 8',
      'Creation number 7',
      'Creation number 6',
      'Creation number 5',
      'Creation number 4',
      'Creation number 3',
    ]);
    expect(requestsTo('/api/media?limit=6')).toHaveLength(1);

    const viewAll = within(card).getByRole('link', { name: 'View All' });
    expect(viewAll).toHaveAttribute('href', '/studio?tab=gallery');
    await user.click(viewAll);
    expect(router.state.location.pathname + router.state.location.search).toBe('/studio?tab=gallery');
  });

  it('invites the member to the Studio while there is nothing yet', async () => {
    renderCard([]);
    expect(await screen.findByText('Generate some amazing content in the Studio!')).toBeInTheDocument();
  });
});
