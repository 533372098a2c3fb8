import { paletteOf, type ThemeId, themeCssVariables } from '#shared/themes.ts';

/**
 * Puts a theme on the page: its palette's CSS variables and colour scheme on <html>, which every component
 * reads, and its id as the `data-theme` attribute. Set inline, so they win over styles.css's
 * default block without a stylesheet per theme.
 */
export function applyThemeToDocument(root: HTMLElement, id: ThemeId): void {
  // Only what differs: a painted page arrives in its theme already, and a write of the same value can still make
  // the browser recompute the whole page's style.
  for (const [name, value] of themeDeclarations(id)) {
    if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
  }
  if (root.dataset.theme !== id) root.dataset.theme = id;
  setBrowserFrameColour(root, paletteOf(id).pageBg);
}

/** What a theme sets on <html>'s style: its palette's CSS variables and its colour scheme (the server's page too). */
export function themeDeclarations(id: ThemeId): [name: string, value: string][] {
  const palette = paletteOf(id);
  return [...Object.entries(themeCssVariables(palette)), ['color-scheme', palette.scheme]];
}

/**
 * The browser's own frame (the installed app's title bar, a phone's status bar) in the theme's page colour, as
 * `<meta name="theme-color">` asks; the manifest's colour is fixed at install, this one follows the member.
 */
function setBrowserFrameColour(root: HTMLElement, colour: string | null): void {
  const meta = root.ownerDocument.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) return;
  meta.dataset.defaultContent ??= meta.content;
  const content = colour ?? meta.dataset.defaultContent;
  if (meta.content !== content) meta.content = content;
}

/** Back to styles.css's default theme: what a signed-out page shows. */
export function clearThemeFromDocument(root: HTMLElement): void {
  for (const name of Object.keys(themeCssVariables(paletteOf('default')))) {
    root.style.removeProperty(name);
  }
  root.style.removeProperty('color-scheme');
  delete root.dataset.theme;
  setBrowserFrameColour(root, null);
}
