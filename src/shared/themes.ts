import { z } from 'zod';
import { reason } from './texts.ts';

/**
 * Colour themes. Two lists, both in the product:
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

/** A colour as members can store it: `#rgb` or `#rrggbb`, nothing CSS could read as anything else. */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, reason('shared.themes.colour'));

/** The settings version's tokens: bg, surface, text, accent, accent2. */
export const themeTokensSchema = z.object({
  bg: hexColorSchema,
  surface: hexColorSchema,
  text: hexColorSchema,
  accent: hexColorSchema,
  accent2: hexColorSchema,
});
export type ThemeTokens = z.infer<typeof themeTokensSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The catalogue: every theme's colours, the one place they are written.
//
// The page reads only CSS variables (src/web/styles.css names them); a theme is a palette turned into those
// variables by `themeCssVariables` and set on <html> by the browser. The contrast test (themes.test.ts) checks
// these very palettes, so what it passes is what members see. styles.css keeps one block, the default palette's
// variables for the first paint, and the test checks it equals `panelThemes.default`.

/** `#rrggbb`, the one colour notation of the palettes (the contrast test reads it). */
export type Hex = `#${string}`;

/** A colour seen through: the glass surfaces, lines and shadows. */
export type TranslucentColor = { hex: Hex; alpha: number };

export type ThemePalette = {
  scheme: 'light' | 'dark';
  /** The page's own colour, under everything. */
  pageBg: Hex;
  /** The page's backdrop: four soft glows over a diagonal wash from `from` to `to`. */
  backdrop: { glows: readonly [Hex, Hex, Hex, Hex]; from: Hex; to: Hex };
  /** Glass panels and cards, and the stronger glass of inputs, menus and hovered rows. */
  surface: TranslucentColor;
  surfaceStrong: TranslucentColor;
  line: TranslucentColor;
  /** Body text and secondary text. */
  ink: Hex;
  inkMuted: Hex;
  accent: Hex;
  /** A deeper accent: hovered buttons, emphasized links. */
  accentStrong: Hex;
  accent2: Hex;
  /** Text on accent, accent-strong and accent-2 (buttons, the initials of an avatar). */
  onAccent: Hex;
  danger: Hex;
  dangerSoft: TranslucentColor;
  /** Text on a danger-filled button: white on light themes' deep reds, dark on dark themes' light ones. */
  onDanger: Hex;
  focusRing: Hex;
  shadow: TranslucentColor;
  glow: TranslucentColor;
};

/** A panel theme's words (its name, its description) are the web's messages: themes.name.panel.<id>. */
export type PanelTheme = {
  id: PanelThemeId;
  emoji: string;
  /** The swatch's CSS gradient. */
  gradient: string;
  palette: ThemePalette;
};

/** A token theme's words are the web's messages too: themes.name.token.<name>. */
export type TokenTheme = {
  name: TokenThemeName;
  emoji: string;
  /**
   * The five tokens (bg, surface, text, accent, accent2), read off the palette, as `POST /api/theme/apply`
   * sends them.
   */
  tokens: ThemeTokens;
  palette: ThemePalette;
};

/**
 * A wallpaper (an image or a CSS gradient) lies under a wash of the theme's page colour at this opacity, so text
 * on the page stays readable whatever the wallpaper's colours: the contrast test checks every theme over every
 * wallpaper from black to white.
 */
export const WALLPAPER_WASH_OPACITY = 0.8;

const white = (alpha: number): TranslucentColor => ({ hex: '#ffffff', alpha });

/** The light themes' shared reds: readable on their pale surfaces, white text on them. */
const lightDanger = {
  danger: '#a4132f',
  dangerSoft: { hex: '#ffe4e8', alpha: 0.9 },
  onDanger: '#ffffff',
} as const satisfies Pick<ThemePalette, 'danger' | 'dangerSoft' | 'onDanger'>;
/** The dark themes' reds: light enough to read on dark glass, with dark text when they fill a button. */
const darkDanger = {
  danger: '#ffa3b1',
  dangerSoft: { hex: '#4c1421', alpha: 0.9 },
  onDanger: '#2a0710',
} as const satisfies Pick<ThemePalette, 'danger' | 'dangerSoft' | 'onDanger'>;

/** Cosmic Pink: the product's own look ('default' in the panel, 'cosmic-pink' in settings). */
const cosmicPink: ThemePalette = {
  scheme: 'light',
  pageBg: '#fbeff8',
  backdrop: { glows: ['#ffd3e8', '#e4d7ff', '#d3efff', '#ffe6cf'], from: '#fff1f8', to: '#f4edff' },
  surface: white(0.58),
  surfaceStrong: white(0.82),
  line: white(0.75),
  ink: '#2b1836',
  inkMuted: '#5c4470',
  accent: '#b0246a',
  accentStrong: '#8f1b55',
  accent2: '#7c3aed',
  onAccent: '#ffffff',
  ...lightDanger,
  focusRing: '#6d28d9',
  shadow: { hex: '#7c3aed', alpha: 0.35 },
  glow: { hex: '#b0246a', alpha: 0.55 },
};

const oceanDreams: ThemePalette = {
  scheme: 'light',
  pageBg: '#eef7fc',
  backdrop: { glows: ['#c9ecff', '#d2f4ef', '#d9e2ff', '#e3f6ff'], from: '#f2fbff', to: '#e9f1ff' },
  surface: white(0.6),
  surfaceStrong: white(0.84),
  line: white(0.75),
  ink: '#0d2536',
  inkMuted: '#2f5066',
  accent: '#0a6a94',
  accentStrong: '#08557a',
  accent2: '#3a4fc4',
  onAccent: '#ffffff',
  ...lightDanger,
  focusRing: '#1d4ed8',
  shadow: { hex: '#0a6a94', alpha: 0.3 },
  glow: { hex: '#0a6a94', alpha: 0.5 },
};

const miamiSunset: ThemePalette = {
  scheme: 'light',
  pageBg: '#fff2ec',
  backdrop: { glows: ['#ffd2bf', '#ffc8dd', '#ffe2b0', '#f6d0ff'], from: '#fff4ea', to: '#ffeaf3' },
  surface: white(0.6),
  surfaceStrong: white(0.84),
  line: white(0.75),
  ink: '#3b1610',
  inkMuted: '#6d3a2c',
  accent: '#b3300d',
  accentStrong: '#8f2609',
  accent2: '#a81d6c',
  onAccent: '#ffffff',
  ...lightDanger,
  focusRing: '#9d174d',
  shadow: { hex: '#e0567a', alpha: 0.32 },
  glow: { hex: '#b3300d', alpha: 0.5 },
};

const mysticForest: ThemePalette = {
  scheme: 'dark',
  pageBg: '#0e1c15',
  backdrop: { glows: ['#1f4a35', '#2a3d1c', '#173a3a', '#33402a'], from: '#0f2219', to: '#0b1712' },
  surface: { hex: '#16291f', alpha: 0.72 },
  surfaceStrong: { hex: '#1d3428', alpha: 0.9 },
  line: { hex: '#a7d7b9', alpha: 0.2 },
  ink: '#e9f5ee',
  inkMuted: '#b6d3c2',
  accent: '#8fdcaa',
  accentStrong: '#b5ecc9',
  accent2: '#d9c98a',
  onAccent: '#0b1f14',
  ...darkDanger,
  focusRing: '#c6f6d5',
  shadow: { hex: '#000000', alpha: 0.5 },
  glow: { hex: '#8fdcaa', alpha: 0.35 },
};

const auroraBorealis: ThemePalette = {
  scheme: 'dark',
  pageBg: '#0b1326',
  backdrop: { glows: ['#123f4a', '#2b1f55', '#0f3d33', '#1d2a5c'], from: '#0c1630', to: '#0a1020' },
  surface: { hex: '#16213d', alpha: 0.72 },
  surfaceStrong: { hex: '#1c2a4b', alpha: 0.9 },
  line: { hex: '#b8d8ff', alpha: 0.2 },
  ink: '#eef4ff',
  inkMuted: '#b7c5e0',
  accent: '#5eead4',
  accentStrong: '#99f6e4',
  accent2: '#c4b5fd',
  onAccent: '#04201c',
  ...darkDanger,
  focusRing: '#a5f3fc',
  shadow: { hex: '#000000', alpha: 0.5 },
  glow: { hex: '#5eead4', alpha: 0.35 },
};

const lavenderFields: ThemePalette = {
  scheme: 'light',
  pageBg: '#f6f1ff',
  backdrop: { glows: ['#e4d8ff', '#f3d9f5', '#dfe3ff', '#efe6ff'], from: '#faf6ff', to: '#efe9ff' },
  surface: white(0.6),
  surfaceStrong: white(0.84),
  line: white(0.75),
  ink: '#24183a',
  inkMuted: '#53457a',
  accent: '#6b3fc4',
  accentStrong: '#55309f',
  accent2: '#a1246b',
  onAccent: '#ffffff',
  ...lightDanger,
  focusRing: '#5b21b6',
  shadow: { hex: '#6b3fc4', alpha: 0.3 },
  glow: { hex: '#6b3fc4', alpha: 0.5 },
};

const cherryBlossom: ThemePalette = {
  scheme: 'light',
  pageBg: '#fff1f4',
  backdrop: { glows: ['#ffd1dc', '#ffe0ea', '#f7d6ff', '#ffe9e0'], from: '#fff5f7', to: '#ffecf1' },
  surface: white(0.6),
  surfaceStrong: white(0.84),
  line: white(0.75),
  ink: '#3a121e',
  inkMuted: '#6c3a49',
  accent: '#b0173f',
  accentStrong: '#8c1232',
  accent2: '#7a3aa8',
  onAccent: '#ffffff',
  ...lightDanger,
  focusRing: '#9d174d',
  shadow: { hex: '#e27396', alpha: 0.32 },
  glow: { hex: '#b0173f', alpha: 0.5 },
};

const elegantNoir: ThemePalette = {
  scheme: 'dark',
  pageBg: '#0f0e11',
  backdrop: { glows: ['#2a2530', '#2d2619', '#1f1d24', '#2a1f25'], from: '#141317', to: '#0c0b0e' },
  surface: { hex: '#1c1a20', alpha: 0.72 },
  surfaceStrong: { hex: '#25222b', alpha: 0.92 },
  line: { hex: '#e8dcc0', alpha: 0.18 },
  ink: '#f6f1e7',
  inkMuted: '#c8c0b0',
  accent: '#e4c77e',
  accentStrong: '#f0dba3',
  accent2: '#e7a9c8',
  onAccent: '#1a1408',
  ...darkDanger,
  focusRing: '#f0dba3',
  shadow: { hex: '#000000', alpha: 0.55 },
  glow: { hex: '#e4c77e', alpha: 0.3 },
};

/** The settings page's own sunset: hot pink and palm teal. */
const miamiSunsetTokens: ThemePalette = {
  scheme: 'light',
  pageBg: '#fff0f3',
  backdrop: { glows: ['#ffc9d9', '#ffd9b8', '#c8f1ee', '#f5d2ff'], from: '#fff3ec', to: '#ffe8f2' },
  surface: white(0.6),
  surfaceStrong: white(0.84),
  line: white(0.75),
  ink: '#35101f',
  inkMuted: '#683448',
  accent: '#c21d5a',
  accentStrong: '#9c1748',
  accent2: '#0d6b63',
  onAccent: '#ffffff',
  ...lightDanger,
  focusRing: '#9d174d',
  shadow: { hex: '#c21d5a', alpha: 0.3 },
  glow: { hex: '#c21d5a', alpha: 0.5 },
};

/** Charcoal and rose gold. */
const elegantNoirTokens: ThemePalette = {
  scheme: 'dark',
  pageBg: '#121114',
  backdrop: { glows: ['#2c2326', '#2a2430', '#1f1c22', '#30261f'], from: '#161418', to: '#0e0d10' },
  surface: { hex: '#1e1c21', alpha: 0.74 },
  surfaceStrong: { hex: '#27242b', alpha: 0.92 },
  line: { hex: '#f0d5c8', alpha: 0.18 },
  ink: '#f4efe9',
  inkMuted: '#c9c1b8',
  accent: '#e8b4a0',
  accentStrong: '#f2cdbf',
  accent2: '#d6c48f',
  onAccent: '#221510',
  ...darkDanger,
  focusRing: '#f2cdbf',
  shadow: { hex: '#000000', alpha: 0.55 },
  glow: { hex: '#e8b4a0', alpha: 0.3 },
};

const oceanMint: ThemePalette = {
  scheme: 'light',
  pageBg: '#effaf6',
  backdrop: { glows: ['#c8f3e4', '#cdeefc', '#dff7d8', '#d6f0ff'], from: '#f3fcf9', to: '#e9f7fb' },
  surface: white(0.6),
  surfaceStrong: white(0.84),
  line: white(0.75),
  ink: '#0f2b26',
  inkMuted: '#2f534b',
  accent: '#0b7565',
  accentStrong: '#085c50',
  accent2: '#1f5fa8',
  onAccent: '#ffffff',
  ...lightDanger,
  focusRing: '#0b5f77',
  shadow: { hex: '#0b7565', alpha: 0.28 },
  glow: { hex: '#0b7565', alpha: 0.45 },
};

/** Night sky with green and violet lights. */
const auroraBorealisTokens: ThemePalette = {
  scheme: 'dark',
  pageBg: '#0a1622',
  backdrop: { glows: ['#0f4a46', '#2d2060', '#134a3a', '#1a3160'], from: '#0b1a28', to: '#08111a' },
  surface: { hex: '#132433', alpha: 0.72 },
  surfaceStrong: { hex: '#1a3043', alpha: 0.9 },
  line: { hex: '#b8f0e0', alpha: 0.2 },
  ink: '#ecfbf7',
  inkMuted: '#aecbc6',
  accent: '#6ee7b7',
  accentStrong: '#a7f3d0',
  accent2: '#d8b4fe',
  onAccent: '#05231a',
  ...darkDanger,
  focusRing: '#a7f3d0',
  shadow: { hex: '#000000', alpha: 0.5 },
  glow: { hex: '#6ee7b7', alpha: 0.35 },
};

/** Blossom pink and young leaves. */
const sakuraGarden: ThemePalette = {
  scheme: 'light',
  pageBg: '#fff4f7',
  backdrop: { glows: ['#ffd6e3', '#e2f3d8', '#ffe6ee', '#f1dcff'], from: '#fff7f9', to: '#f4fbef' },
  surface: white(0.6),
  surfaceStrong: white(0.84),
  line: white(0.75),
  ink: '#33161f',
  inkMuted: '#5f3b47',
  accent: '#a8325b',
  accentStrong: '#862848',
  accent2: '#3c6e37',
  onAccent: '#ffffff',
  ...lightDanger,
  focusRing: '#be185d',
  shadow: { hex: '#e88aa8', alpha: 0.3 },
  glow: { hex: '#a8325b', alpha: 0.45 },
};

/** The eight themes of the theme studio (their names are the web's messages). */
export const panelThemes: Readonly<Record<PanelThemeId, PanelTheme>> = {
  default: {
    id: 'default',
    emoji: '🌸',
    gradient: 'linear-gradient(135deg, #ffd3e8 0%, #e4d7ff 50%, #b0246a 100%)',
    palette: cosmicPink,
  },
  ocean: {
    id: 'ocean',
    emoji: '🌊',
    gradient: 'linear-gradient(135deg, #c9ecff 0%, #d2f4ef 50%, #0a6a94 100%)',
    palette: oceanDreams,
  },
  sunset: {
    id: 'sunset',
    emoji: '🌅',
    gradient: 'linear-gradient(135deg, #ffe2b0 0%, #ffc8dd 50%, #b3300d 100%)',
    palette: miamiSunset,
  },
  forest: {
    id: 'forest',
    emoji: '🌲',
    gradient: 'linear-gradient(135deg, #0e1c15 0%, #1f4a35 50%, #8fdcaa 100%)',
    palette: mysticForest,
  },
  aurora: {
    id: 'aurora',
    emoji: '🌌',
    gradient: 'linear-gradient(135deg, #0b1326 0%, #2b1f55 50%, #5eead4 100%)',
    palette: auroraBorealis,
  },
  lavender: {
    id: 'lavender',
    emoji: '💜',
    gradient: 'linear-gradient(135deg, #f3d9f5 0%, #e4d8ff 50%, #6b3fc4 100%)',
    palette: lavenderFields,
  },
  cherry: {
    id: 'cherry',
    emoji: '🍒',
    gradient: 'linear-gradient(135deg, #ffe0ea 0%, #ffd1dc 50%, #b0173f 100%)',
    palette: cherryBlossom,
  },
  noir: {
    id: 'noir',
    emoji: '🖤',
    gradient: 'linear-gradient(135deg, #0f0e11 0%, #2d2619 50%, #e4c77e 100%)',
    palette: elegantNoir,
  },
};

/** The five tokens of a palette: what `POST /api/theme/apply` stores for the theme. */
export function tokensOf(palette: ThemePalette): ThemeTokens {
  return {
    bg: palette.pageBg,
    surface: palette.surface.hex,
    text: palette.ink,
    accent: palette.accent,
    accent2: palette.accent2,
  };
}

function tokenTheme(entry: Omit<TokenTheme, 'tokens'>): TokenTheme {
  return { ...entry, tokens: tokensOf(entry.palette) };
}

/** The six themes of the settings page's Color Themes tab. */
export const tokenThemes: Readonly<Record<TokenThemeName, TokenTheme>> = {
  'cosmic-pink': tokenTheme({
    name: 'cosmic-pink',
    emoji: '🌸',
    palette: cosmicPink,
  }),
  'miami-sunset': tokenTheme({
    name: 'miami-sunset',
    emoji: '🌴',
    palette: miamiSunsetTokens,
  }),
  'elegant-noir': tokenTheme({
    name: 'elegant-noir',
    emoji: '🥂',
    palette: elegantNoirTokens,
  }),
  'ocean-mint': tokenTheme({
    name: 'ocean-mint',
    emoji: '🫧',
    palette: oceanMint,
  }),
  'aurora-borealis': tokenTheme({
    name: 'aurora-borealis',
    emoji: '✨',
    palette: auroraBorealisTokens,
  }),
  'sakura-garden': tokenTheme({
    name: 'sakura-garden',
    emoji: '🌿',
    palette: sakuraGarden,
  }),
};

/**
 * Any theme the page can wear: the panel ids and the token names do not overlap, so one id says which list it
 * comes from. It is the `data-theme` attribute on <html> and the locally stored 'theme'.
 */
export type ThemeId = PanelThemeId | TokenThemeName;

export function isPanelThemeId(id: string): id is PanelThemeId {
  return Object.hasOwn(panelThemes, id);
}

export function isTokenThemeName(id: string): id is TokenThemeName {
  return Object.hasOwn(tokenThemes, id);
}

/** A stored id read back: known ids as they are, anything else (an old 'dark-glam', junk) as null. */
export function parseThemeId(value: string | null | undefined): ThemeId | null {
  if (!value) return null;
  return isPanelThemeId(value) || isTokenThemeName(value) ? value : null;
}

export function paletteOf(id: ThemeId): ThemePalette {
  return isPanelThemeId(id) ? panelThemes[id].palette : tokenThemes[id].palette;
}

/** All fourteen, panel themes first: what the contrast test walks. */
export const allThemes: readonly { id: ThemeId; palette: ThemePalette }[] = [
  ...panelThemeIds.map((id) => ({ id, palette: panelThemes[id].palette })),
  ...tokenThemeNames.map((name) => ({ id: name, palette: tokenThemes[name].palette })),
];

function rgbOf(hex: Hex): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `${(value >> 16) & 255} ${(value >> 8) & 255} ${value & 255}`;
}

function rgba({ hex, alpha }: TranslucentColor): string {
  return `rgb(${rgbOf(hex)} / ${alpha})`;
}

/** Where the backdrop's glows sit, as a fraction of the page: corners, in the order of `backdrop.glows`. */
const GLOW_PLACES = ['12% 8%', '88% 12%', '78% 88%', '8% 92%'] as const;
const GLOW_REACH = ['48%', '44%', '48%', '44%'] as const;

export function backdropCss({ glows, from, to }: ThemePalette['backdrop']): string {
  const radials = glows.map(
    (glow, index) => `radial-gradient(at ${GLOW_PLACES[index]}, ${glow} 0, transparent ${GLOW_REACH[index]})`,
  );
  return [...radials, `linear-gradient(140deg, ${from} 0%, ${to} 100%)`].join(', ');
}

/** The CSS custom properties a palette sets, by the names the page's styles use. */
export function themeCssVariables(palette: ThemePalette): Record<`--${string}`, string> {
  return {
    '--page-bg': palette.pageBg,
    '--backdrop': backdropCss(palette.backdrop),
    '--surface': rgba(palette.surface),
    '--surface-strong': rgba(palette.surfaceStrong),
    '--line': rgba(palette.line),
    '--ink': palette.ink,
    '--ink-muted': palette.inkMuted,
    '--accent': palette.accent,
    '--accent-strong': palette.accentStrong,
    '--accent-2': palette.accent2,
    '--on-accent': palette.onAccent,
    '--danger': palette.danger,
    '--danger-soft': rgba(palette.dangerSoft),
    '--on-danger': palette.onDanger,
    '--focus-ring': palette.focusRing,
    '--glass-shadow': `0 12px 40px -14px ${rgba(palette.shadow)}`,
    '--glow': `0 8px 24px -8px ${rgba(palette.glow)}`,
  };
}

/**
 * The page's background with a wallpaper: the theme's page colour at `WALLPAPER_WASH_OPACITY` over the
 * wallpaper (a `url(…)` or a gradient), as a `background-image` value. The wash reads the live `--page-bg`, so a
 * theme change recolours it without touching the wallpaper.
 */
export function washedWallpaperCss(wallpaperLayer: string): string {
  const wash = `color-mix(in srgb, var(--page-bg) ${Math.round(WALLPAPER_WASH_OPACITY * 100)}%, transparent)`;
  return `linear-gradient(${wash}, ${wash}), ${wallpaperLayer}`;
}

/** `POST /api/profile/set-theme {theme}`: a panel theme id. */
export const setThemeRequestSchema = z.object({ theme: panelThemeIdSchema });
/** @alias The answer repeats the request: the theme now in force. */
export const setThemeResponseSchema = setThemeRequestSchema;

/** `POST /api/theme/apply {name, tokens}`: a token theme and its colours (hex only). */
export const applyThemeRequestSchema = z.object({ name: tokenThemeNameSchema, tokens: themeTokensSchema });
export type ApplyThemeRequest = z.infer<typeof applyThemeRequestSchema>;
/** @alias The answer repeats the request: the theme now in force. */
export const applyThemeResponseSchema = applyThemeRequestSchema;
