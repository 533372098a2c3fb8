import { z } from 'zod';

/**
 * Colour themes (part 1 §3 "Theme", §4 Themes, §9). Two lists, both in the product:
 * - the panel themes of the theme studio (eight, default 'default' = Cosmic Pink), applied as the page's
 *   `data-theme` attribute and saved with `POST /api/profile/set-theme {theme}`;
 * - the token themes of the settings page's Color Themes tab (six, default 'cosmic-pink'), each a name plus
 *   colour tokens, saved with `POST /api/theme/apply {name, tokens}`.
 */
export const panelThemeIds = [
  'default',
  'ocean',
  'sunset',
  'forest',
  'aurora',
  'lavender',
  'cherry',
  'noir',
] as const;
export const panelThemeIdSchema = z.enum(panelThemeIds);
export type PanelThemeId = z.infer<typeof panelThemeIdSchema>;
export const DEFAULT_PANEL_THEME: PanelThemeId = 'default';

export const tokenThemeNames = [
  'cosmic-pink',
  'miami-sunset',
  'elegant-noir',
  'ocean-mint',
  'aurora-borealis',
  'sakura-garden',
] as const;
export const tokenThemeNameSchema = z.enum(tokenThemeNames);
export type TokenThemeName = z.infer<typeof tokenThemeNameSchema>;
export const DEFAULT_TOKEN_THEME: TokenThemeName = 'cosmic-pink';

/** A colour as members can store it: `#rgb` or `#rrggbb`, nothing CSS could read as anything else. */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'A colour is #rgb or #rrggbb');

/** The settings version's tokens (part 1 §3): bg, surface, text, accent, accent2. */
export const themeTokensSchema = z.object({
  bg: hexColorSchema,
  surface: hexColorSchema,
  text: hexColorSchema,
  accent: hexColorSchema,
  accent2: hexColorSchema,
});
export type ThemeTokens = z.infer<typeof themeTokensSchema>;
