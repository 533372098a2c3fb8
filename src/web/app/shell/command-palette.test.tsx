import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { searchResultListSchema } from '#shared/search.ts';
import { buildTask } from '#tests/factories/build-task.ts';
import { contractAnswer } from '#tests/web-kit/http-answers.ts';
import { requestsTo } from '#tests/web-kit/msw-server.ts';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderSignedInApp } from '#tests/web-kit/render-signed-in-app.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';

const invoice = buildTask({ id: 41, title: 'Send the invoice' });

const renderSignedIn = (path: string) =>
  renderSignedInApp(
    path,
    http.get('/api/tasks', () => HttpResponse.json([invoice])),
    http.post('/api/profile/set-theme', async ({ request }) => HttpResponse.json(await request.json())),
    http.get('/api/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      return contractAnswer(
        searchResultListSchema,
        'send the invoice'.includes(q.toLowerCase())
          ? [{ kind: 'task', id: 41, title: 'Send the invoice' }]
          : [],
      );
    }),
  );

beforeAll(preloadPages, 30_000);
afterEach(() => window.localStorage.clear());

describe('the command palette', () => {
  it('opens with Ctrl-K, finds a task by title and opens it on the dashboard', async () => {
    const app = await renderSignedIn('/music');
    await app.user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Go anywhere, do anything' });
    const input = within(palette).getByRole('combobox');
    expect(input).toHaveFocus();

    await app.user.type(input, 'invoice');
    const found = await within(palette).findByRole('option', { name: 'Send the invoice' });
    expect(requestsTo('/api/search?q=invoice')).toHaveLength(1);
    expect(found).toHaveAttribute('aria-selected', 'true');
    await app.user.keyboard('{Enter}');

    await waitFor(() => expect(app.pathname()).toBe('/'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Send the invoice' })).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes to a page, switches the theme, and Escape or Ctrl-K again closes it', async () => {
    const app = await renderSignedIn('/');
    await app.user.keyboard('{Control>}k{/Control}');
    let palette = await screen.findByRole('dialog', { name: 'Go anywhere, do anything' });
    await app.user.type(within(palette).getByRole('combobox'), 'go to mus');
    await app.user.click(within(palette).getByRole('option', { name: 'Go to Music' }));
    await waitFor(() => expect(app.pathname()).toBe('/music'));

    await app.user.keyboard('{Control>}k{/Control}');
    palette = await screen.findByRole('dialog', { name: 'Go anywhere, do anything' });
    await app.user.type(within(palette).getByRole('combobox'), 'ocean');
    await app.user.click(within(palette).getByRole('option', { name: /Ocean/ }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('ocean'));

    await app.user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Go anywhere, do anything' });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await app.user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Go anywhere, do anything' });
    await app.user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('New post opens the post editor on the community page', async () => {
    const app = await renderSignedIn('/focus');
    await app.user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Go anywhere, do anything' });
    await app.user.type(within(palette).getByRole('combobox'), 'new post');
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.pathname()).toBe('/community'));
    expect(await screen.findByRole('dialog', { name: /post/i })).toBeInTheDocument();
  });

  it('speaks Spanish: the navigation, the page, its tabs and the palette', async () => {
    const app = await renderSignedIn('/settings');
    await act(() => activateLanguage('es'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajustes' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Ajustes · Lumara'));
    expect(screen.getByRole('tab', { name: 'Temas de color' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(navigation).getByRole('link', { name: 'Estudio de IA' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();

    await app.user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Ve a cualquier parte, haz lo que quieras' });
    expect(
      within(palette).getByRole('option', { name: 'Cambiar al tema Sueños de océano' }),
    ).toBeInTheDocument();
    await app.user.type(within(palette).getByRole('combobox'), 'ir a mús');
    await app.user.click(within(palette).getByRole('option', { name: 'Ir a Música' }));
    await waitFor(() => expect(app.pathname()).toBe('/music'));
  });
});
