import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_LIMITS } from '#shared/media.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { buildManyMediaItems, buildMediaItem, serveMedia } from '#tests/web-kit/media/media-handlers.ts';
import { requestsTo, type SentRequest, sentRequests, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { MediaGallery, SEARCH_DEBOUNCE_MS } from './media-gallery.tsx';

const list = () => screen.getByRole('list', { name: 'Media' });
const tiles = () => within(list()).getAllByRole('article');
const tileNames = () => tiles().map((tile) => tile.getAttribute('aria-label'));
const count = () => screen.getAllByRole('status').find((node) => /item/.test(node.textContent ?? ''));
const listRequests = (requests: SentRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path.startsWith('/api/media'));

let played: HTMLMediaElement[] = [];
let paused: HTMLMediaElement[] = [];

beforeEach(() => {
  played = [];
  paused = [];
  // jsdom has no media playback: record what would play and pause.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.push(this);
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('MediaGallery: loading and empty states', () => {
  it('shows 8 skeleton tiles while the first page loads', async () => {
    const answer = deferred<Response | undefined>();
    serveMedia([buildMediaItem({ title: 'Sunrise' })]);
    server.use(
      http.get('/api/media', async () => {
        await answer.promise;
      }),
    );
    renderWithMember(<MediaGallery />);

    expect(screen.getByText('Loading media').closest('[role="status"]')).toBeInTheDocument();
    expect(screen.getByTestId('gallery-skeleton').querySelectorAll('[data-skeleton-tile]')).toHaveLength(8);
    answer.resolve(undefined);
    expect(await screen.findByRole('article', { name: 'Sunrise' })).toBeInTheDocument();
    expect(screen.queryByText('Loading media')).not.toBeInTheDocument();
  });

  it('says there is nothing yet, and points at the Studio', async () => {
    serveMedia([]);
    renderWithMember(<MediaGallery />);
    expect(await screen.findByText('No media found')).toBeInTheDocument();
    expect(screen.getByText('Generate some amazing content in the Studio!')).toBeInTheDocument();
    expect(count()).toHaveTextContent('0 items');
  });

  it('says to adjust the filters when filtering finds nothing', async () => {
    serveMedia([buildMediaItem({ media_type: 'image', title: 'Only an image' })]);
    const { user } = renderWithMember(<MediaGallery />);
    await screen.findByRole('article', { name: 'Only an image' });

    await user.click(screen.getByRole('button', { name: 'Audio' }));
    expect(await screen.findByText('No media found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters')).toBeInTheDocument();
    expect(requestsTo('/api/media?type=audio')).toHaveLength(1);
  });

  it('offers another try when the list cannot be loaded', async () => {
    let fail = true;
    serveMedia([buildMediaItem({ title: 'Back again' })]);
    server.use(http.get('/api/media', () => (fail ? errorResponse(403, 'forbidden', 'No') : undefined)));
    const { user } = renderWithMember(<MediaGallery />);
    expect(await screen.findByText(/Could not load your media/)).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to load media')]);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
  });
});

describe('MediaGallery: filters, count and pages', () => {
  it('asks the server for the type, Favorites and search text, and shows its count', async () => {
    serveMedia([
      buildMediaItem({ media_type: 'image', title: 'Pink parrot', is_favorite: true }),
      buildMediaItem({ media_type: 'video', title: 'Parrot flight' }),
      buildMediaItem({ media_type: 'audio', title: 'Parrot song', prompt: 'A jolly tune' }),
      buildMediaItem({ media_type: 'image', title: 'Blue lagoon' }),
    ]);
    const { user } = renderWithMember(<MediaGallery />);
    await waitFor(() =>
      expect(tileNames()).toEqual(['Blue lagoon', 'Parrot song', 'Parrot flight', 'Pink parrot']),
    );
    expect(count()).toHaveTextContent('4 items');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Videos' }));
    await waitFor(() => expect(tileNames()).toEqual(['Parrot flight']));
    expect(count()).toHaveTextContent('1 item');
    expect(screen.getByRole('button', { name: 'Videos' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Favorites' }));
    await waitFor(() => expect(tileNames()).toEqual(['Pink parrot']));
    expect(requestsTo('/api/media?favorites=true')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Favorites' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search media' }), 'jolly');
    await waitFor(() => expect(tileNames()).toEqual(['Parrot song']));
    // One request for the pause after typing, not one per key.
    const searches = listRequests(sentRequests()).filter((request) => request.path.includes('q='));
    expect(searches.map((request) => request.path)).toEqual(['/api/media?q=jolly']);
  });

  it('waits for a pause in typing before searching', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveMedia([buildMediaItem({ title: 'Moon' })]);
    const { user } = renderWithMember(<MediaGallery />);
    await screen.findByRole('article', { name: 'Moon' });
    await user.type(screen.getByRole('searchbox', { name: 'Search media' }), 'mo');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100));
    expect(requestsTo('/api/media?q=mo')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(150));
    await waitFor(() => expect(requestsTo('/api/media?q=mo')).toHaveLength(1));
  });

  it('switches between grid and list', async () => {
    serveMedia([buildMediaItem({ title: 'Tile' })]);
    const { user } = renderWithMember(<MediaGallery />);
    await screen.findByRole('article', { name: 'Tile' });
    const grid = screen.getByRole('button', { name: 'Grid view' });
    const listView = screen.getByRole('button', { name: 'List view' });
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    expect(list()).toHaveClass('grid');

    await user.click(listView);
    expect(listView).toHaveAttribute('aria-pressed', 'true');
    expect(grid).toHaveAttribute('aria-pressed', 'false');
    expect(list()).not.toHaveClass('grid');
    expect(screen.getByRole('article', { name: 'Tile' })).toBeInTheDocument();
  });

  it('loads the next page with Load more, and stops at the end', async () => {
    const items = buildManyMediaItems();
    serveMedia(items);
    const { user } = renderWithMember(<MediaGallery />);
    await waitFor(() => expect(tiles()).toHaveLength(MEDIA_LIMITS.pageDefault));
    expect(count()).toHaveTextContent(`${items.length} items`);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(tiles()).toHaveLength(items.length));
    const lastOfFirstPage = [...items].sort((a, b) => b.id - a.id)[MEDIA_LIMITS.pageDefault - 1];
    expect(requestsTo(`/api/media?cursor=${lastOfFirstPage?.id}`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('MediaGallery: items', () => {
  it('favorites an item at once, and keeps it after the server answers', async () => {
    const item = buildMediaItem({ title: 'Heart me' });
    const server = serveMedia([item]);
    const { user } = renderWithMember(<MediaGallery />);
    const favorite = await screen.findByRole('button', { name: 'Favorite Heart me' });
    expect(favorite).toHaveAttribute('aria-pressed', 'false');

    await user.click(favorite);
    expect(screen.getByRole('button', { name: 'Favorite Heart me' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(server.items()[0]?.is_favorite).toBe(true));
    expect(requestsTo(`/api/media/${item.id}/favorite`, 'PUT')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favorite Heart me' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
  });

  it('puts the favorite back and says so when the server refuses', async () => {
    const item = buildMediaItem({ title: 'Stubborn' });
    serveMedia([item]);
    server.use(
      http.put('/api/media/:id/favorite', () => errorResponse(404, 'not_found', 'There is no such media')),
    );
    const { user } = renderWithMember(<MediaGallery />);
    await user.click(await screen.findByRole('button', { name: 'Favorite Stubborn' }));
    expect(await screen.findByText('Could not change that favorite. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorite Stubborn' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Could not change the favorite')]);
  });

  it('deletes an item only after the confirmation', async () => {
    const keep = buildMediaItem({ title: 'Keeper' });
    const drop = buildMediaItem({ title: 'Goner' });
    const server = serveMedia([keep, drop]);
    const { user } = renderWithMember(<MediaGallery />);
    await user.click(await screen.findByRole('button', { name: 'Delete Goner' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete media' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this media?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestsTo(`/api/media/${drop.id}`, 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Goner' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete media' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(tileNames()).toEqual(['Keeper']));
    expect(server.items().map((item) => item.title)).toEqual(['Keeper']);
    expect(count()).toHaveTextContent('1 item');
  });

  it('plays an audio item on its toggle, one at a time, and clears when it ends', async () => {
    serveMedia([
      buildMediaItem({ media_type: 'audio', title: 'First song' }),
      buildMediaItem({ media_type: 'audio', title: 'Second song' }),
    ]);
    const { user } = renderWithMember(<MediaGallery />);
    const first = await screen.findByRole('button', { name: 'Play First song' });
    await user.click(first);
    expect(screen.getByRole('button', { name: 'Pause First song' })).toHaveAttribute('aria-pressed', 'true');
    expect(played).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Play Second song' }));
    expect(screen.getByRole('button', { name: 'Play First song' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Pause Second song' })).toHaveAttribute('aria-pressed', 'true');
    expect(paused.some((element) => element === played[0])).toBe(true);

    const audio = played[1];
    if (!audio) throw new Error('the second song did not start');
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(screen.getByRole('button', { name: 'Play Second song' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('previews a video on hover in the grid, and not in the list', async () => {
    serveMedia([buildMediaItem({ media_type: 'video', title: 'Waves' })]);
    const { user } = renderWithMember(<MediaGallery />);
    const link = await screen.findByRole('link', { name: 'Open Waves' });
    await user.hover(link);
    expect(played).toHaveLength(1);
    await user.unhover(link);
    expect(paused).toHaveLength(1);
    expect(played[0]?.currentTime).toBe(0);

    await user.click(screen.getByRole('button', { name: 'List view' }));
    await user.hover(screen.getByRole('link', { name: 'Open Waves' }));
    expect(played).toHaveLength(1);
  });
});
