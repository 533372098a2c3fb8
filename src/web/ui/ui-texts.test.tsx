import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { LoadError } from './load-error.tsx';
import { LoadMore } from './load-more.tsx';
import { PageLoading } from './page-loading.tsx';

const failedPage = {
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: true,
  fetchNextPage: () => Promise.resolve(),
};

describe('the shared parts’ own texts', () => {
  it('say what failed in English, with the caller’s words', () => {
    render(<LoadError what="tasks" retrying={false} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not load your tasks. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('speak Spanish once it is chosen', async () => {
    await act(() => activateLanguage('es'));
    render(
      <>
        <PageLoading />
        <LoadError what="tus tareas" retrying={false} onRetry={vi.fn()} />
        <LoadMore query={failedPage} what="publicaciones" />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Cargando');
    const [loadError, loadMore] = screen.getAllByRole('alert');
    expect(loadError).toHaveTextContent(
      'No pudimos cargar tus tareas. Revisa tu conexión e inténtalo de nuevo.',
    );
    expect(loadMore).toHaveTextContent('No pudimos cargar más publicaciones. Inténtalo de nuevo.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cargar más' })).toBeInTheDocument();
  });

  it('offer Cancelar in a Spanish confirmation', async () => {
    await act(() => activateLanguage('es'));
    render(
      <ConfirmDialog
        title="¿Eliminar?"
        message="No se puede deshacer."
        confirmLabel="Eliminar"
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });
});
