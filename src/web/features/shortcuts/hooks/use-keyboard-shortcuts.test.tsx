import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { servePomodoro } from '#tests/web-kit/pomodoro/pomodoro-handlers.ts';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderSignedInApp } from '#tests/web-kit/render-signed-in-app.tsx';
import { FLOATING_POMODORO_STORAGE_KEY } from '#web/app/shell/use-floating-pomodoro-preference.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { KEYBOARD_SHORTCUTS_STORAGE_KEY } from '#web/lib/keyboard-shortcuts-preference.ts';
import { goToShortcuts } from '../model/shortcut-list.ts';

/** The app at `path`, with the member's timer served (the `t` shortcut acts on it). */
async function renderSignedIn(path: string) {
  const app = await renderSignedInApp(path);
  servePomodoro();
  return app;
}

beforeAll(preloadPages, 30_000);
afterEach(() => window.localStorage.clear());

describe('keyboard shortcuts', () => {
  it('? opens the sheet listing every shortcut, and Escape closes it', async () => {
    const app = await renderSignedIn('/music');
    await app.user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const label of [
      'New task',
      'Start or pause the focus timer',
      'Go to Dashboard',
      'Go to Focus',
      'Go to AI Studio',
      'Go to Community',
      'Go to Music',
      'Go to Settings',
    ]) {
      expect(within(sheet).getByText(label)).toBeInTheDocument();
    }
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('g then a letter goes to each page; a g left waiting does nothing after the next key', async () => {
    const app = await renderSignedIn('/');
    for (const { key, to } of goToShortcuts) {
      await app.user.keyboard(`g${key}`);
      await waitFor(() => expect(app.pathname()).toBe(to));
    }
    await app.user.keyboard('gx');
    await app.user.keyboard('d');
    expect(app.pathname()).toBe('/settings');
  });

  it('n goes to the new-task field, from another page too; v switches the view', async () => {
    const app = await renderSignedIn('/music');
    await app.user.keyboard('n');
    await waitFor(() => expect(app.pathname()).toBe('/'));
    const field = await screen.findByRole('textbox', { name: 'New task' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-keyshortcuts', 'n');

    // Typing in the field is typing, not shortcuts.
    await app.user.keyboard('gfv?');
    expect(field).toHaveValue('gfv?');
    expect(app.pathname()).toBe('/');

    field.blur();
    expect(screen.getByRole('button', { name: 'Kanban' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.keyboard('v');
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('t starts and pauses the floating timer; w hides and shows it', async () => {
    const app = await renderSignedIn('/music');
    const widget = screen.getByRole('region', { name: 'Pomodoro timer' });
    await app.user.keyboard('t');
    expect(await within(widget).findByRole('button', { name: 'Pause timer' })).toBeInTheDocument();
    await app.user.keyboard('t');
    expect(await within(widget).findByRole('button', { name: 'Start timer' })).toBeInTheDocument();

    await app.user.keyboard('w');
    expect(screen.queryByRole('region', { name: 'Pomodoro timer' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(FLOATING_POMODORO_STORAGE_KEY)).toBe('false');
    await app.user.keyboard('w');
    expect(screen.getByRole('region', { name: 'Pomodoro timer' })).toBeInTheDocument();
  });

  it('does nothing with Ctrl, ⌘ or Alt held, and nothing at all once turned off in Settings', async () => {
    const app = await renderSignedIn('/settings');
    await app.user.keyboard('{Control>}g{/Control}f');
    await app.user.keyboard('{Meta>}?{/Meta}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.pathname()).toBe('/settings');

    const card = screen.getByRole('region', { name: 'Keyboard shortcuts' });
    const toggle = within(card).getByRole('switch', { name: /Single-key shortcuts/ });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(window.localStorage.getItem(KEYBOARD_SHORTCUTS_STORAGE_KEY)).toBe('false');
    toggle.blur();
    await app.user.keyboard('?gd');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.pathname()).toBe('/settings');

    // The list stays one click away.
    await app.user.click(within(card).getByRole('button', { name: 'Show all shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('lists them in Spanish, the keys as they are typed', async () => {
    const app = await renderSignedIn('/music');
    await act(() => activateLanguage('es'));
    await app.user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Atajos de teclado' });
    for (const label of ['Nueva tarea', 'Abrir la paleta de comandos', 'Ir a Música', 'Ir a Ajustes']) {
      expect(within(sheet).getByText(label)).toBeInTheDocument();
    }
    expect(
      within(sheet).getByRole('heading', { name: 'Ir a una página: g y luego una letra' }),
    ).toBeVisible();
    expect(within(sheet).getAllByText('y luego')).toHaveLength(goToShortcuts.length);
  });
});
