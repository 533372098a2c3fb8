import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { buildTrack, serveMusic } from '#tests/web-kit/music/music-handlers.ts';
import { renderMusic } from '#tests/web-kit/music/render-music.tsx';
import { MusicPage } from './music-page.tsx';

const SONG = 'https://suno.com/song/0f4b9c2e-1d3a-4e5f-8a6b-7c8d9e0f1a2b';
const toggle = () => screen.getByRole('button', { name: /add a track|close form/i });
const field = () => screen.getByRole('textbox', { name: 'Suno song link or embed code' });

async function openForm(user: ReturnType<typeof renderMusic>['user']) {
  await user.click(toggle());
  return field();
}

describe('MusicPage', () => {
  it('shows the title, a loading state, then "No tracks yet"', async () => {
    const answer = deferred<Response>();
    server.use(http.get('/api/music/list', () => answer.promise));
    renderMusic(<MusicPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Music' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your tracks');
    answer.resolve(HttpResponse.json([]));
    expect(await screen.findByText('No tracks yet')).toBeInTheDocument();
  });

  it('shows each track as a sandboxed embed, and "No embed available" without one', async () => {
    const track = buildTrack({ title: 'Moonlight' });
    serveMusic([track, buildTrack({ title: 'Silent', embed_src: null })]);
    renderMusic(<MusicPage />);
    const frame = await screen.findByTitle('Moonlight');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', track.embed_src);
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups');
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    expect(frame).toHaveAttribute('allow', 'autoplay; clipboard-write; encrypted-media');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame.parentElement?.className).toMatch(/pb-\[75%\].*sm:pb-\[62%\]/);
    expect(screen.getByText('No embed available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Moonlight' })).toHaveAttribute('href', track.suno_url);
  });

  it('keeps the form collapsed until toggled, and toggles it closed again', async () => {
    serveMusic([]);
    const { user } = renderMusic(<MusicPage />);
    await screen.findByText('No tracks yet');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Add a track' })).not.toBeInTheDocument();
    await openForm(user);
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('form', { name: 'Add a track' })).toBeInTheDocument();
    await user.click(toggle());
    expect(screen.queryByRole('form', { name: 'Add a track' })).not.toBeInTheDocument();
  });

  it('adds a trimmed link: blocked while adding, then clears, closes and reloads the list', async () => {
    const answer = deferred<Response>();
    const added = buildTrack({ title: 'New song' });
    const server = serveMusic([], { add: () => answer.promise });
    const { user } = renderMusic(<MusicPage />);
    await screen.findByText('No tracks yet');
    const input = await openForm(user);
    await user.type(input, `   ${SONG}  `);
    await user.click(screen.getByRole('button', { name: 'Add track' }));

    const busy = screen.getByRole('button', { name: 'Adding…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    await user.keyboard('{Enter}');
    expect(server.requestsTo('/api/music/add-embed', 'POST')).toHaveLength(1);
    expect(JSON.parse(server.requestsTo('/api/music/add-embed')[0]?.body ?? '')).toEqual({ input: SONG });

    answer.resolve(HttpResponse.json(added, { status: 201 }));
    expect(await screen.findByTitle('New song')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a track' })).not.toBeInTheDocument();
    expect(server.requestsTo('/api/music/list').length).toBeGreaterThanOrEqual(2);
    // Opened again, the input is empty.
    expect(await openForm(user)).toHaveValue('');
  });

  it('refuses an empty or blank input without calling the server', async () => {
    const server = serveMusic([]);
    const { user } = renderMusic(<MusicPage />);
    await screen.findByText('No tracks yet');
    const input = await openForm(user);
    expect(input).toBeRequired();
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Add track' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Paste a Suno song link or embed code.');
    expect(server.requestsTo('/api/music/add-embed')).toHaveLength(0);
  });

  it("shows the server's reason in an alert, and keeps the form open with the input", async () => {
    serveMusic([]);
    const { user } = renderMusic(<MusicPage />);
    await screen.findByText('No tracks yet');
    const input = await openForm(user);
    await user.type(input, 'https://suno.com.evil.example/song/x');
    await user.click(screen.getByRole('button', { name: 'Add track' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That is not a Suno song link.');
    expect(input).toHaveValue('https://suno.com.evil.example/song/x');
  });

  it("falls back to 'Failed to add track' when the server gives no reason", async () => {
    serveMusic([], { add: () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const { user } = renderMusic(<MusicPage />);
    await screen.findByText('No tracks yet');
    await user.type(await openForm(user), SONG);
    await user.click(screen.getByRole('button', { name: 'Add track' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add track');
  });

  it('deletes a track after the confirm dialog, and keeps it on Cancel or Escape', async () => {
    const track = buildTrack({ title: 'Doomed' });
    const server = serveMusic([track]);
    const { user } = renderMusic(<MusicPage />);
    await screen.findByTitle('Doomed');

    const deleteButton = screen.getByRole('button', { name: 'Delete Doomed' });
    await user.click(deleteButton);
    let dialog = screen.getByRole('alertdialog', { name: 'Delete track' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this track?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();

    await user.click(deleteButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.requestsTo(`/api/music/tracks/${track.id}`)).toHaveLength(0);

    await user.click(deleteButton);
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTitle('Doomed')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.requestsTo(`/api/music/tracks/${track.id}`, 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('No tracks yet')).toBeInTheDocument();
  });

  it('says when a delete fails, and keeps the track', async () => {
    const track = buildTrack({ title: 'Stubborn' });
    server.use(
      http.get('/api/music/list', () => HttpResponse.json([track])),
      http.delete('/api/music/tracks/:id', () => errorResponse(500, 'internal')),
    );
    const { user } = renderMusic(<MusicPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Stubborn' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not delete that track.');
    expect(screen.getByTitle('Stubborn')).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to delete track')]);
  });

  it('says when the tracks cannot be loaded, and tries again on request', async () => {
    let fail = true;
    server.use(
      http.get('/api/music/list', () =>
        fail ? errorResponse(403, 'forbidden') : HttpResponse.json([buildTrack({ title: 'Back' })]),
      ),
    );
    const { user } = renderMusic(<MusicPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your tracks.');
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to load tracks')]);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Back')).toBeInTheDocument();
  });
});
