import { parseThemeId, type ThemeId } from '#shared/themes.ts';

/** The applied theme is kept locally under 'theme'. */
export const THEME_STORAGE_KEY = 'theme';

/** The theme applied last in this browser; null when none, or one this version does not know ('dark-glam'). */
export function readStoredTheme(): ThemeId | null {
  try {
    return parseThemeId(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    // Storage refused (a privacy mode): the theme simply is not remembered here.
    return null;
  }
}

export function storeTheme(id: ThemeId): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, id);
  } catch {
    // As above: the server still has it.
  }
}
