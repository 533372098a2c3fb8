import type { ProfileMe } from '#shared/profile.ts';
import type { ThemeId } from '#shared/themes.ts';

/**
 * The theme to restore at start-up from the profile and what this browser applied last.
 *
 * The profile keeps the theme studio's choice (`theme`) and the Color Themes tab's (`theme_name`) apart and
 * says neither was later. The browser's own last choice settles it when it is one of them; otherwise (a new
 * browser, or a change made elsewhere) the Color Themes tab's (`theme_tokens`) wins,
 * then the studio's. Null: the profile has none, keep what the browser has.
 */
export function themeToRestore(
  stored: ThemeId | null,
  profile: Pick<ProfileMe, 'theme' | 'theme_name'>,
): ThemeId | null {
  if (stored !== null && (stored === profile.theme || stored === profile.theme_name)) return stored;
  return profile.theme_name ?? profile.theme ?? null;
}
