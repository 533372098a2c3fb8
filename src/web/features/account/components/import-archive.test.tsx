import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AccountImportSummary } from '#shared/account.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { ImportArchive } from './import-archive.tsx';

const archive = () =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'lumara-export.zip', { type: 'application/zip' });

function summary(applied: boolean, tasks: number): AccountImportSummary {
  return {
    applied,
    kinds: [
      { kind: 'tasks', in_archive: 5, to_add: tasks },
      { kind: 'community_posts', in_archive: 1, to_add: 0 },
    ],
    not_imported: 2,
  };
}

describe('ImportArchive', () => {
  it('previews what the archive adds, writing nothing, then imports it when asked', async () => {
    server.use(
      http.post('/api/account/import', ({ request }) =>
        HttpResponse.json(summary(new URL(request.url).searchParams.get('mode') === 'apply', 3)),
      ),
    );
    const { user } = renderWithMember(<ImportArchive />);
    await user.upload(screen.getByLabelText('Import an archive'), archive());

    const preview = await screen.findByRole('region', { name: 'What the archive adds' });
    expect(preview).toHaveTextContent('Tasks: 3 new (2 already here)');
    expect(preview).not.toHaveTextContent('Posts');
    expect(preview).toHaveTextContent(
      '2 comments and likes on other members’ posts stay in the archive only.',
    );
    expect(requestsTo('/api/account/import?mode=preview', 'POST')).toHaveLength(1);
    expect(requestsTo('/api/account/import?mode=apply', 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Import 3 items' }));
    expect(await screen.findByText('Imported 3 items.')).toBeVisible();
    expect(requestsTo('/api/account/import?mode=apply', 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'What the archive adds' })).toBeNull());
  });

  it('says why an archive is refused', async () => {
    server.use(
      http.post('/api/account/import', () =>
        errorResponse(
          400,
          'bad_request',
          'This is not a Lumara archive we can import: notes.txt is not part of the format',
        ),
      ),
    );
    const { user } = renderWithMember(<ImportArchive />);
    await user.upload(screen.getByLabelText('Import an archive'), archive());
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.txt is not part of the format');
    takeConsoleErrors();
  });

  it('says so when everything is already there', async () => {
    server.use(http.post('/api/account/import', () => HttpResponse.json(summary(false, 0))));
    const { user } = renderWithMember(<ImportArchive />);
    await user.upload(screen.getByLabelText('Import an archive'), archive());
    expect(
      await screen.findByText('Nothing new: everything in this archive is already yours.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  it('says it all in Spanish, one item or several, and asks the server in Spanish', async () => {
    await act(() => activateLanguage('es'));
    server.use(
      http.post('/api/account/import', ({ request }) =>
        HttpResponse.json({
          applied: new URL(request.url).searchParams.get('mode') === 'apply',
          kinds: [
            { kind: 'tasks', in_archive: 1, to_add: 1 },
            { kind: 'community_posts', in_archive: 4, to_add: 1 },
          ],
          not_imported: 1,
        } satisfies AccountImportSummary),
      ),
    );
    const { user } = renderWithMember(<ImportArchive />);
    await user.upload(screen.getByLabelText('Importar un archivo'), archive());

    const preview = await screen.findByRole('region', { name: 'Lo que agrega el archivo' });
    expect(preview).toHaveTextContent('Tareas: 1 por agregar');
    expect(preview).toHaveTextContent('Publicaciones: 1 por agregar (3 ya están aquí)');
    expect(preview).toHaveTextContent(
      '1 comentario o me gusta en publicaciones de otros miembros se queda solo en el archivo.',
    );
    expect(requestsTo('/api/account/import?mode=preview', 'POST')[0]?.headers.get('Accept-Language')).toBe(
      'es',
    );

    await user.click(screen.getByRole('button', { name: 'Importar 2 elementos' }));
    expect(await screen.findByText('Se importaron 2 elementos.')).toBeVisible();
  });
});
