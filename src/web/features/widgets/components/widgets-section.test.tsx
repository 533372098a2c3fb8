import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '#tests/factories/build-user.ts';
import { buildWidget } from '#tests/factories/build-widget.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { serveWidgets } from '#tests/web-kit/widgets/widgets-handlers.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { EMBED_ALLOW } from '../lib/embed-frame.ts';
import { WidgetsSection } from './widgets-section.tsx';

async function renderSection(...args: Parameters<typeof serveWidgets>) {
  const server = serveWidgets(...args);
  const view = renderWithMember(<WidgetsSection />);
  await waitFor(() => expect(screen.queryByText('Loading your widgets')).not.toBeInTheDocument());
  const form = screen.getByRole('form', { name: 'Add widget' });
  return {
    ...view,
    server,
    form,
    title: within(form).getByRole('textbox', { name: 'Title' }),
    url: within(form).getByRole('textbox', { name: 'URL or embed code' }),
    add: within(form).getByRole('button', { name: 'Add widget' }),
  };
}

const widgetTitles = () =>
  within(screen.getByRole('list', { name: 'Widgets' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('WidgetsSection', () => {
  afterEach(() => {
    toast.dismiss();
  });

  it('says "No widgets yet" when there are none', async () => {
    await renderSection();
    expect(screen.getByRole('heading', { name: 'Your widgets' })).toBeInTheDocument();
    expect(screen.getByText('No widgets yet')).toBeInTheDocument();
  });

  it('draws each embed as a sandboxed, lazy iframe with the provider’s allow list and a title', async () => {
    await renderSection([
      buildWidget({
        title: 'Lo-fi',
        type: 'youtube',
        url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      }),
      buildWidget({
        title: 'Mix',
        type: 'spotify',
        url: 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
      }),
      buildWidget({
        title: 'Song',
        type: 'suno',
        url: 'https://suno.com/embed/0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b',
      }),
      buildWidget({
        title: 'Week',
        type: 'gcal',
        url: 'https://calendar.google.com/calendar/embed?src=a%40gmail.com',
      }),
      buildWidget({ title: 'Board', type: 'iframe', url: 'https://example.com/board' }),
    ]);
    const frames = ['Lo-fi', 'Mix', 'Song', 'Week', 'Board'].map((title) => screen.getByTitle(title));
    for (const frame of frames) {
      expect(frame.tagName).toBe('IFRAME');
      expect(frame).toHaveAttribute(
        'sandbox',
        'allow-scripts allow-same-origin allow-popups allow-presentation',
      );
      expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      expect(frame).toHaveAttribute('loading', 'lazy');
    }
    expect(frames.map((frame) => frame.getAttribute('allow'))).toEqual([
      EMBED_ALLOW.youtube,
      EMBED_ALLOW.spotify,
      EMBED_ALLOW.suno,
      null,
      null,
    ]);
    expect(frames[0]).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frames[0]).toHaveAttribute('allowfullscreen');
    expect(frames[1]).not.toHaveAttribute('allowfullscreen');
  });

  it('sizes widgets on a 12-column grid, width clamped to 3–12, height from row_span', async () => {
    await renderSection([
      buildWidget({ title: 'Tiny', col_span: 1, row_span: 3 }),
      buildWidget({ title: 'Huge', col_span: 20, row_span: 9 }),
      buildWidget({ title: 'Half', col_span: 6, row_span: 6 }),
    ]);
    const item = (title: string) => screen.getByRole('heading', { name: title }).closest('li');
    expect(screen.getByRole('list', { name: 'Widgets' })).toHaveClass('grid-cols-1', 'md:grid-cols-12');
    expect(item('Tiny')).toHaveClass('md:col-span-3');
    expect(item('Huge')).toHaveClass('md:col-span-12');
    expect(item('Half')).toHaveClass('md:col-span-6');
    expect(screen.getByTitle('Tiny')).toHaveStyle({ height: '120px' });
    expect(screen.getByTitle('Huge')).toHaveStyle({ height: '360px' });
  });

  it('shows "Unsupported widget type", "No URL configured", and refuses to frame a non-https URL', async () => {
    await renderSection([
      buildWidget({ title: 'Future', type: 'hologram' }),
      buildWidget({ title: 'Empty', type: 'youtube', url: null }),
      buildWidget({ title: 'Script', type: 'iframe', url: 'javascript:alert(1)' }),
    ]);
    expect(screen.getByText('Unsupported widget type')).toBeInTheDocument();
    expect(screen.getByText('No URL configured')).toBeInTheDocument();
    expect(screen.getByText('This link cannot be shown.')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows the member’s name and avatar in a profile widget', async () => {
    await renderSection([buildWidget({ title: 'Me', type: 'profile', url: null })]);
    const card = screen.getByRole('heading', { name: 'Me' }).closest('li') as HTMLElement;
    expect(within(card).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(card).getByText('AL')).toBeInTheDocument();
    expect(within(card).queryByTitle('Me')).toBeNull();
  });

  it('disables Add widget until there is a title, and offers the sizes with 6 x 6 by default', async () => {
    const { user, form, title, add } = await renderSection();
    expect(add).toBeDisabled();
    await user.type(title, '   ');
    expect(add).toBeDisabled();
    await user.type(title, 'x');
    expect(add).toBeEnabled();
    const width = within(form).getByRole('combobox', { name: 'Width' });
    const height = within(form).getByRole('combobox', { name: 'Height' });
    expect(
      within(width)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Small (3)', 'Medium (6)', 'Large (9)', 'Full (12)']);
    expect(
      within(height)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Short (3)', 'Medium (6)', 'Tall (9)']);
    expect(width).toHaveValue('6');
    expect(height).toHaveValue('6');
  });

  it('sends the title trimmed, the pasted text, the sizes and the next place, then shows the widget', async () => {
    const existing = buildWidget({ title: 'First' });
    const { user, server, form, title, url, add } = await renderSection([existing], {
      embedFor: () => ({ type: 'youtube', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }),
    });
    await user.type(title, '  Focus music  ');
    await user.type(url, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Width' }), 'Full (12)');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Height' }), 'Short (3)');
    await user.click(add);

    await waitFor(() => expect(widgetTitles()).toEqual(['First', 'Focus music']));
    expect(server.bodies('/api/widgets', 'POST')).toEqual([
      {
        type: 'iframe',
        title: 'Focus music',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        col_span: 12,
        row_span: 3,
        order_index: 1,
      },
    ]);
    expect(screen.getByTitle('Focus music')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(title).toHaveValue('');
    expect(url).toHaveValue('');
  });

  it('adds a profile widget with an empty URL', async () => {
    const { user, server, form, title, add } = await renderSection();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Widget' }), 'My profile');
    expect(within(form).queryByRole('textbox', { name: 'URL or embed code' })).toBeNull();
    await user.type(title, 'Me');
    await user.click(add);
    await waitFor(() => expect(widgetTitles()).toEqual(['Me']));
    expect(server.bodies('/api/widgets', 'POST')).toMatchObject([{ type: 'profile', url: '' }]);
  });

  it('shows the server’s reason when it refuses, and never renders the pasted code', async () => {
    const { user, server, title, url, add } = await renderSection();
    const reason = 'Only web links (starting with https://) can be embedded.';
    server.failNext('POST', /^\/api\/widgets$/, () =>
      HttpResponse.json(
        { error: { code: 'validation_failed', message: reason, fields: { url: reason } } },
        { status: 400 },
      ),
    );
    await user.type(title, 'Evil');
    // Typed as text, not markup: user-event reads `{` and `[` as keys, so the code is pasted.
    await user.click(url);
    await user.paste('<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>');
    await user.click(add);

    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('img[src="x"], script')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(screen.getByText('No widgets yet')).toBeInTheDocument();
    // The form keeps what was typed, to fix it.
    expect(title).toHaveValue('Evil');
  });

  it('asks before deleting, in the page, and deletes on confirmation', async () => {
    const { user, server } = await renderSection([
      buildWidget({ title: 'Keep' }),
      buildWidget({ title: 'Drop' }),
    ]);
    const deleteButton = screen.getByRole('button', { name: 'Delete Drop' });
    await user.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this widget?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deleteButton).toHaveFocus();
    expect(server.requestsTo('/api/widgets/102', 'DELETE')).toHaveLength(0);

    await user.click(deleteButton);
    await user.click(screen.getByRole('button', { name: 'Delete widget' }));
    await waitFor(() => expect(widgetTitles()).toEqual(['Keep']));
    expect(server.widgets().map((w) => w.title)).toEqual(['Keep']);
  });

  it('puts a widget back and says so when the delete fails', async () => {
    const { user, server } = await renderSection([buildWidget({ title: 'Stays' })]);
    server.failNext('DELETE', /^\/api\/widgets\/\d+$/, () => errorResponse(500, 'internal'));
    await user.click(screen.getByRole('button', { name: 'Delete Stays' }));
    await user.click(screen.getByRole('button', { name: 'Delete widget' }));
    expect(await screen.findByText('Could not delete that widget. Please try again.')).toBeInTheDocument();
    expect(widgetTitles()).toEqual(['Stays']);
    expect(takeConsoleErrors().join('\n')).toMatch(/Failed to delete widget/);
  });

  it('moves widgets up and down with buttons, and the server keeps the order', async () => {
    const { user, server } = await renderSection([
      buildWidget({ title: 'a' }),
      buildWidget({ title: 'b' }),
      buildWidget({ title: 'c' }),
    ]);
    expect(screen.getByRole('button', { name: 'Move a up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move c down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move a down' }));
    expect(widgetTitles()).toEqual(['b', 'a', 'c']);
    await waitFor(() => expect(server.widgets().map((w) => w.title)).toEqual(['b', 'a', 'c']));
    screen.getByRole('button', { name: 'Move c up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.widgets().map((w) => w.title)).toEqual(['b', 'c', 'a']));
    expect(widgetTitles()).toEqual(['b', 'c', 'a']);
    const puts = server.requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body ?? '{}'));
    expect(puts).toEqual([{ order_index: 1 }, { order_index: 1 }]);
  });

  it('offers another try when the widgets cannot be loaded', async () => {
    const server = serveWidgets([buildWidget({ title: 'Back' })]);
    server.failNext('GET', /^\/api\/widgets$/, () => errorResponse(400, 'bad_request'));
    const { user } = renderWithMember(<WidgetsSection />, buildUser());
    expect(await screen.findByText(/Could not load your widgets/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Back' })).toBeInTheDocument();
    expect(takeConsoleErrors().join('\n')).toMatch(/Failed to load widgets/);
  });
});

describe('WidgetsSection in Spanish', () => {
  it('shows the form, the sizes, the states and the buttons in Spanish', async () => {
    await act(() => activateLanguage('es'));
    serveWidgets([
      buildWidget({ title: 'Reloj', type: 'iframe', url: null }),
      buildWidget({ title: 'Raro', type: 'hologram' }),
    ]);
    renderWithMember(<WidgetsSection />);
    expect(screen.getByRole('heading', { name: 'Tus widgets' })).toBeInTheDocument();
    expect(await screen.findByText('No hay una URL configurada')).toBeInTheDocument();
    expect(screen.getByText('Tipo de widget no compatible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir Raro' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar Reloj' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Agregar widget' });
    expect(within(form).getByRole('textbox', { name: 'URL o código para insertar' })).toBeInTheDocument();
    const width = within(form).getByRole('combobox', { name: 'Ancho' });
    expect(
      within(width)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pequeño (3)', 'Mediano (6)', 'Grande (9)', 'Completo (12)']);
  });
});
