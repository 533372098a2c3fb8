import { z } from 'zod';
import type { Language } from '#shared/language.ts';
import { languageSchema, ownPictureOrNone, type Profile } from '#shared/profile.ts';
import {
  type PanelThemeId,
  panelThemeIdSchema,
  type ThemeTokens,
  type TokenThemeName,
  themeTokensSchema,
  tokenThemeNameSchema,
} from '#shared/themes.ts';
import type { ProfileRow } from './profile.service.ts';

const storedTagsSchema = z.array(z.string());

/**
 * The stored themes as the API answers them. Every value was validated when written; one that no longer parses
 * (a theme renamed since) reads as none, so the browser falls back to the default instead of failing.
 */
export function readStoredThemes(row: ProfileRow | undefined): {
  theme: PanelThemeId | null;
  theme_name: TokenThemeName | null;
  theme_tokens: ThemeTokens | null;
} {
  const theme = panelThemeIdSchema.safeParse(row?.theme);
  const name = tokenThemeNameSchema.safeParse(row?.themeName);
  const tokens = themeTokensSchema.safeParse(row?.themeTokens);
  return {
    theme: theme.success ? theme.data : null,
    theme_name: name.success ? name.data : null,
    theme_tokens: tokens.success ? tokens.data : null,
  };
}

/** The stored interface language, or null (the browser's preference) for none or one Lumara no longer speaks. */
export function storedLanguage(value: string | null | undefined): Language | null {
  const language = languageSchema.safeParse(value);
  return language.success ? language.data : null;
}

/**
 * `GET /api/profile`: the stored fields as they are, null where the member set nothing (no defaults here). A
 * picture link to another host, kept from before pictures were copied, reads as none (`ownPictureOrNone`).
 */
export function presentProfile(row: ProfileRow | undefined): Profile {
  const tags = storedTagsSchema.safeParse(row?.tags);
  return {
    display_name: row?.displayName ?? null,
    about: row?.about ?? null,
    avatar_url: ownPictureOrNone(row?.avatarUrl),
    wallpaper_url: ownPictureOrNone(row?.wallpaperUrl),
    wallpaper_css: row?.wallpaperCss ?? null,
    tags: tags.success ? tags.data : [],
    status: row?.status ?? null,
    ...readStoredThemes(row),
    time_zone: row?.timeZone ?? null,
    language: storedLanguage(row?.language),
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}
