import type { Db } from '#server/db/database.ts';
import type { ApplyThemeRequest, PanelThemeId } from '#shared/themes.ts';
import { saveProfileColumns } from '../profile/profile.service.ts';

// The theme is kept on the member's profile row; one theme is in force at a time.

/** `POST /api/profile/set-theme {theme}`: the theme studio's panel theme. */
export async function setPanelTheme(
  db: Db,
  userId: number,
  theme: PanelThemeId,
  now: Date,
): Promise<{ theme: PanelThemeId }> {
  // One theme is in force: the studio's choice replaces a Color Themes pick, and the other way round.
  await saveProfileColumns(db, userId, { theme, themeName: null, themeTokens: null }, now);
  return { theme };
}

/** `POST /api/theme/apply {name, tokens}`: the settings page's token theme, colours as given. */
export async function applyTokenTheme(db: Db, userId: number, request: ApplyThemeRequest, now: Date) {
  await saveProfileColumns(
    db,
    userId,
    { theme: null, themeName: request.name, themeTokens: request.tokens },
    now,
  );
  return { name: request.name, tokens: request.tokens };
}
