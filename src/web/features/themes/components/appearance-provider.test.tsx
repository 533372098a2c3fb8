import { act, screen, waitFor, within } from '@testing-library/react';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ProfileMe, profileMeSchema } from '#shared/profile.ts';
import {
  applyThemeRequestSchema,
  applyThemeResponseSchema,
  panelThemes,
  setThemeRequestSchema,
  setThemeResponseSchema,
  tokenThemes,
} from '#shared/themes.ts';
import { buildProfileMe } from '#tests/factories/build-profile.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { contractAnswer, deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { tokenThemeOptions } from '../model/theme-options.ts';
import { AppearanceProvider } from './appearance-provider.tsx';
import { ColorThemesTab } from './color-themes-tab.tsx';
import { ThemeOptionGrid } from './theme-option-grid.tsx';
import { ThemePickerCompact } from './theme-picker-compact.tsx';
import { ThemeStudio } from './theme-studio.tsx';

const root = document.documentElement;
const shownTheme = () => root.dataset.theme;
const ink = () => root.style.getPropertyValue('--ink');

/** The member's profile, and the theme routes answering the theme now in force; `overrides` answer first. */
function stubProfile(profile: Partial<ProfileMe> = {}, ...overrides: HttpHandler[]) {
  server.use(
    ...overrides,
    http.get('/api/profile/me', () => contractAnswer(profileMeSchema, buildProfileMe(profile))),
    http.post('/api/profile/set-theme', async ({ request }) =>
      contractAnswer(setThemeResponseSchema, setThemeRequestSchema.parse(await request.json())),
    ),
    http.post('/api/theme/apply', async ({ request }) =>
      contractAnswer(applyThemeResponseSchema, applyThemeRequestSchema.parse(await request.json())),
    ),
  );
}

function preferReducedMotion() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

function renderStudio(ui = <ThemeStudio />) {
  return renderWithMember(<AppearanceProvider>{ui}</AppearanceProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe('AppearanceProvider: start-up', () => {
  it('restores the theme and the wallpaper from GET /api/profile/me, and remembers the theme locally', async () => {
    stubProfile({ theme: 'ocean', wallpaper_css: 'linear-gradient(135deg, #ffc6e5 0%, #d9efff 100%)' });
    renderStudio(<p>page</p>);
    await waitFor(() => expect(shownTheme()).toBe('ocean'));
    expect(ink()).toBe(panelThemes.ocean.palette.ink);
    expect(root.style.getPropertyValue('color-scheme')).toBe('light');
    expect(document.body.dataset.wallpaper).toBe('gradient');
    expect(window.localStorage.getItem('theme')).toBe('ocean');
  });

  it('shows this browser’s theme at once, and keeps it when the profile holds it too', async () => {
    window.localStorage.setItem('theme', 'sakura-garden');
    const profile = deferred<Response>();
    server.use(http.get('/api/profile/me', () => profile.promise));
    renderStudio(<p>page</p>);
    expect(shownTheme()).toBe('sakura-garden');
    expect(ink()).toBe(tokenThemes['sakura-garden'].palette.ink);
    profile.resolve(HttpResponse.json(buildProfileMe({ theme: 'noir', theme_name: 'sakura-garden' })));
    await screen.findByText('page');
    await act(async () => {});
    expect(shownTheme()).toBe('sakura-garden');
  });

  it('falls back to Cosmic Pink for a stored theme it does not know (the old "dark-glam")', async () => {
    window.localStorage.setItem('theme', 'dark-glam');
    stubProfile();
    renderStudio(<p>page</p>);
    expect(shownTheme()).toBe('default');
    expect(ink()).toBe(panelThemes.default.palette.ink);
  });

  it('puts the default back when the member leaves (signs out)', async () => {
    stubProfile({ theme: 'noir', wallpaper_url: '/api/wallpapers/1/a.png' });
    const { unmount } = renderStudio(<p>page</p>);
    await waitFor(() => expect(shownTheme()).toBe('noir'));
    expect(document.body.dataset.wallpaper).toBe('image');
    unmount();
    expect(shownTheme()).toBeUndefined();
    expect(ink()).toBe('');
    expect(document.body.dataset.wallpaper).toBeUndefined();
  });

  it('colours the browser’s frame (meta theme-color) with the theme’s page, and gives it back after', async () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#fbeff8';
    document.head.append(meta);
    stubProfile({ theme: 'noir' });
    const { unmount } = renderStudio(<p>page</p>);
    await waitFor(() => expect(meta.content).toBe(panelThemes.noir.palette.pageBg));
    unmount();
    expect(meta.content).toBe('#fbeff8');
    meta.remove();
  });
});

describe('ThemeStudio', () => {
  it('previews a theme while pointed at and goes back to the applied one after', async () => {
    stubProfile();
    const { user } = renderStudio();
    const card = document.querySelector('[data-theme-option="ocean"]') as HTMLElement;
    await user.hover(card);
    expect(shownTheme()).toBe('ocean');
    expect(within(card).getByText('Previewing')).toBeInTheDocument();
    await user.unhover(card);
    expect(shownTheme()).toBe('default');
  });

  it('previews a theme on keyboard focus, and leaving restores the applied theme', async () => {
    stubProfile();
    const { user } = renderStudio();
    const forest = screen.getByRole('button', { name: 'Apply Mystic Forest' });
    act(() => forest.focus());
    expect(shownTheme()).toBe('forest');
    await user.tab();
    expect(shownTheme()).toBe('aurora');
    act(() => (document.activeElement as HTMLElement).blur());
    expect(shownTheme()).toBe('default');
  });

  it('Apply saves the theme locally (data-theme, localStorage) and on the server', async () => {
    stubProfile();
    const { user } = renderStudio();
    await user.click(screen.getByRole('button', { name: 'Apply Elegant Noir' }));
    expect(shownTheme()).toBe('noir');
    expect(window.localStorage.getItem('theme')).toBe('noir');
    await waitFor(() =>
      expect(requestsTo('/api/profile/set-theme', 'POST').map((r) => r.body)).toEqual([
        JSON.stringify({ theme: 'noir' }),
      ]),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Applied: Elegant Noir');
    // Pointing elsewhere and away comes back to the new theme.
    const card = document.querySelector('[data-theme-option="lavender"]') as HTMLElement;
    await user.hover(card);
    await user.unhover(card);
    expect(shownTheme()).toBe('noir');
  });

  it('Reset and Random only preview; nothing is saved until Apply', async () => {
    window.localStorage.setItem('theme', 'cherry');
    stubProfile({ theme: 'cherry' });
    const { user } = renderStudio();
    await waitFor(() => expect(shownTheme()).toBe('cherry'));

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(shownTheme()).toBe('default');
    expect(screen.getByRole('status')).toHaveTextContent('Previewing Cosmic Pink. Apply it to keep it.');

    vi.spyOn(Math, 'random').mockReturnValue(0);
    await user.click(screen.getByRole('button', { name: 'Random' }));
    // The first theme other than the one on show (Cosmic Pink): Ocean Dreams.
    expect(shownTheme()).toBe('ocean');
    expect(window.localStorage.getItem('theme')).toBe('cherry');
    expect(requestsTo('/api/profile/set-theme')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Apply preview (Ocean Dreams)' }));
    expect(window.localStorage.getItem('theme')).toBe('ocean');
    await waitFor(() => expect(requestsTo('/api/profile/set-theme')).toHaveLength(1));
  });

  it('ends a Reset or Random preview when the studio goes away', async () => {
    stubProfile();
    const { user, unmount } = renderWithMember(
      <AppearanceProvider>
        <StudioThatCanClose />
      </AppearanceProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Random' }));
    expect(shownTheme()).not.toBe('default');
    await user.click(screen.getByRole('button', { name: 'Close studio' }));
    expect(shownTheme()).toBe('default');
    unmount();
  });

  it('gives no previews to a member who asks for less motion', async () => {
    preferReducedMotion();
    stubProfile();
    const { user } = renderStudio();
    const card = document.querySelector('[data-theme-option="ocean"]') as HTMLElement;
    await user.hover(card);
    act(() => screen.getByRole('button', { name: 'Apply Ocean Dreams' }).focus());
    expect(shownTheme()).toBe('default');
  });

  it('only logs a theme the server did not save, and keeps it applied here', async () => {
    stubProfile(
      {},
      http.post('/api/profile/set-theme', () => errorResponse(503, 'database_unavailable')),
    );
    const { user } = renderStudio();
    await user.click(screen.getByRole('button', { name: 'Apply Lavender Fields' }));
    await waitFor(() =>
      expect(takeConsoleErrors()).toEqual(['error: Failed to save theme lavender: Something went wrong']),
    );
    expect(shownTheme()).toBe('lavender');
  });
});

describe('Color Themes (the token themes)', () => {
  it('applies one with POST /api/theme/apply {name, tokens}', async () => {
    stubProfile();
    const { user } = renderStudio(
      <ThemeOptionGrid
        options={tokenThemeOptions}
        label="Color themes"
        applyLabel="themes.option.applyColorTheme"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Apply Ocean Mint color theme' }));
    expect(shownTheme()).toBe('ocean-mint');
    expect(ink()).toBe(tokenThemes['ocean-mint'].palette.ink);
    await waitFor(() =>
      expect(requestsTo('/api/theme/apply', 'POST').map((r) => JSON.parse(r.body ?? ''))).toEqual([
        { name: 'ocean-mint', tokens: tokenThemes['ocean-mint'].tokens },
      ]),
    );
  });
});

describe('ThemePickerCompact', () => {
  it('opens a list of the eight themes that previews on hover and applies on click', async () => {
    stubProfile();
    const { user } = renderStudio(<ThemePickerCompact />);
    const toggle = screen.getByRole('button', { name: 'Theme Cosmic Pink' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    // The popover's code loads on demand: the list appears once that has arrived.
    const group = await screen.findByRole('group', { name: 'Themes' });
    expect(within(group).getAllByRole('listitem')).toHaveLength(8);

    await user.hover(within(group).getByRole('button', { name: /Aurora Borealis/ }));
    expect(shownTheme()).toBe('aurora');
    await user.click(within(group).getByRole('button', { name: /Miami Sunset/ }));
    expect(shownTheme()).toBe('sunset');
    expect(screen.queryByRole('group', { name: 'Themes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Theme Miami Sunset' })).toHaveFocus();
    await waitFor(() => expect(requestsTo('/api/profile/set-theme')).toHaveLength(1));
  });

  it('Escape closes it and ends the preview; Random only previews', async () => {
    stubProfile();
    const { user } = renderStudio(<ThemePickerCompact />);
    await user.click(screen.getByRole('button', { name: 'Theme Cosmic Pink' }));
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    await user.click(screen.getByRole('button', { name: 'Random' }));
    expect(shownTheme()).toBe('noir');
    expect(screen.getByRole('status')).toHaveTextContent('Previewing Elegant Noir');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Themes' })).toBeNull();
    expect(shownTheme()).toBe('default');
    expect(screen.getByRole('button', { name: 'Theme Cosmic Pink' })).toHaveFocus();
    expect(requestsTo('/api/profile/set-theme')).toEqual([]);
  });

  it('closes on a press outside it', async () => {
    stubProfile();
    const { user } = renderWithMember(
      <AppearanceProvider>
        <ThemePickerCompact />
        <p>Outside</p>
      </AppearanceProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Theme Cosmic Pink' }));
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('group', { name: 'Themes' })).toBeNull();
  });
});

function StudioThatCanClose() {
  const [open, setOpen] = useState(true);
  return (
    <>
      {open ? <ThemeStudio /> : null}
      <button type="button" onClick={() => setOpen(false)}>
        Close studio
      </button>
    </>
  );
}

describe('in Spanish', () => {
  it('names and describes the themes in Spanish, in the studio and the Color Themes list', async () => {
    await act(() => activateLanguage('es'));
    stubProfile({ theme: 'default' });
    const { user } = renderStudio(<ColorThemesTab />);
    expect(screen.getByRole('heading', { name: 'Estudio de temas' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Temas de color' })).toBeInTheDocument();
    const studio = screen.getByRole('list', { name: 'Temas del estudio' });
    expect(
      within(studio).getByText('Un cielo nocturno iluminado por cintas verde azulado y violeta.'),
    ).toBeVisible();
    expect(within(studio).getByRole('button', { name: 'Aplicar Aurora boreal' })).toBeInTheDocument();
    const colorThemes = screen.getByRole('list', { name: 'Temas de color' });
    expect(within(colorThemes).getByText('Verdes de vidrio marino, frescos y claros.')).toBeVisible();

    await user.click(
      within(colorThemes).getByRole('button', { name: 'Aplicar el tema de color Menta marina' }),
    );
    await waitFor(() => expect(shownTheme()).toBe('ocean-mint'));
    expect(within(colorThemes).getByText('Aplicado')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(screen.getByText('Vista previa de Rosa cósmico. Aplícalo para conservarlo.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Aplicar vista previa (Rosa cósmico)' })).toBeInTheDocument();
  });
});
