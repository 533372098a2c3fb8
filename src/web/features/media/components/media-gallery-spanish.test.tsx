import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMediaItem, serveMedia } from '#tests/web-kit/media/media-handlers.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { MediaGallery } from './media-gallery.tsx';

const count = () => screen.getAllByRole('status').find((node) => /elemento/.test(node.textContent ?? ''));

beforeEach(() => {
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});

describe('MediaGallery in Spanish', () => {
  it('counts, filters, names and dates the items in Spanish, plurals included', async () => {
    serveMedia([
      buildMediaItem({ media_type: 'image', title: '', prompt: '', created_at: '2026-05-01T12:00:00.000Z' }),
      buildMediaItem({ media_type: 'audio', title: 'Ocean waves' }),
    ]);
    await act(() => activateLanguage('es'));
    const { user } = renderWithMember(<MediaGallery />);

    const untitled = await screen.findByRole('article', { name: 'Imagen sin título' });
    expect(count()).toHaveTextContent('2 elementos');
    expect(within(untitled).getByText('Imagen')).toBeInTheDocument();
    expect(within(untitled).getByText('1 may 2026')).toBeInTheDocument();
    expect(within(untitled).getByRole('button', { name: 'Eliminar Imagen sin título' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reproducir Ocean waves' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar por título o prompt')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Imágenes' }));
    await waitFor(() => expect(count()).toHaveTextContent('1 elemento'));
    expect(count()).not.toHaveTextContent('elementos');
  });

  it('invites the member to the Studio in Spanish while there is nothing yet', async () => {
    serveMedia([]);
    await act(() => activateLanguage('es'));
    renderWithMember(<MediaGallery />);
    expect(await screen.findByText('No se encontró contenido')).toBeInTheDocument();
    expect(screen.getByText('¡Genera contenido increíble en el Estudio!')).toBeInTheDocument();
    expect(count()).toHaveTextContent('0 elementos');
  });
});
