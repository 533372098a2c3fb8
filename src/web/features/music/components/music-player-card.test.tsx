import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTrack, serveMusic } from '#tests/web-kit/music/music-handlers.ts';
import { renderMusic } from '#tests/web-kit/music/render-music.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { MusicPlayerCard } from './music-player-card.tsx';

describe('MusicPlayerCard', () => {
  it("says 'No tracks yet' and links to the music library when it is empty", async () => {
    serveMusic([]);
    renderMusic(<MusicPlayerCard />);
    expect(screen.getByRole('heading', { name: 'Music Player' })).toBeInTheDocument();
    expect(await screen.findByText(/No tracks yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add one in Music' })).toHaveAttribute('href', '/music');
  });

  it('plays the newest track first and switches to the one selected', async () => {
    const newest = buildTrack({ title: 'Newest' });
    const older = buildTrack({ title: 'Older', embed_src: null });
    const third = buildTrack({ title: 'Third' });
    serveMusic([newest, older, third]);
    const { user } = renderMusic(<MusicPlayerCard />);
    expect(await screen.findByTitle('Newest')).toHaveAttribute('src', newest.embed_src);
    const select = screen.getByRole('combobox', { name: 'Track' });
    await user.selectOptions(select, 'Third');
    expect(screen.getByTitle('Third')).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-popups',
    );
    expect(screen.queryByTitle('Newest')).not.toBeInTheDocument();
    await user.selectOptions(select, 'Older');
    expect(screen.getByText('No embed available')).toBeInTheDocument();
  });
});

describe('MusicPlayerCard in Spanish', () => {
  it('says there are no tracks yet and links to Música', async () => {
    await act(() => activateLanguage('es'));
    serveMusic([]);
    renderMusic(<MusicPlayerCard />);
    expect(screen.getByRole('heading', { name: 'Reproductor de música' })).toBeInTheDocument();
    expect(await screen.findByText(/Aún no tienes canciones\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agrega una en Música' })).toHaveAttribute('href', '/music');
  });
});
