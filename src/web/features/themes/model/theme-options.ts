import {
  isPanelThemeId,
  type PanelThemeId,
  panelThemeIds,
  panelThemes,
  type ThemeId,
  type TokenThemeName,
  tokenThemeNames,
  tokenThemes,
} from '#shared/themes.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/**
 * A theme as a picker shows it. Its name and description are messages, translated where they are shown
 * (#shared/themes.ts keeps the ids the API takes, emoji and palettes).
 */
export type ThemeOption = {
  id: ThemeId;
  name: MessageKey;
  emoji: string;
  swatch: string;
  description: MessageKey;
};

const panelNames: Record<PanelThemeId, MessageKey> = {
  default: 'themes.name.panel.default',
  ocean: 'themes.name.panel.ocean',
  sunset: 'themes.name.panel.sunset',
  forest: 'themes.name.panel.forest',
  aurora: 'themes.name.panel.aurora',
  lavender: 'themes.name.panel.lavender',
  cherry: 'themes.name.panel.cherry',
  noir: 'themes.name.panel.noir',
};

const tokenNames: Record<TokenThemeName, MessageKey> = {
  'cosmic-pink': 'themes.name.token.cosmicPink',
  'miami-sunset': 'themes.name.token.miamiSunset',
  'elegant-noir': 'themes.name.token.elegantNoir',
  'ocean-mint': 'themes.name.token.oceanMint',
  'aurora-borealis': 'themes.name.token.auroraBorealis',
  'sakura-garden': 'themes.name.token.sakuraGarden',
};

/** What a theme is called on screen ("Ocean Dreams", "Sueños de océano"): its message. */
export function themeNameKey(id: ThemeId): MessageKey {
  return isPanelThemeId(id) ? panelNames[id] : tokenNames[id];
}

const panelDescriptions: Record<PanelThemeId, MessageKey> = {
  default: 'themes.description.panel.default',
  ocean: 'themes.description.panel.ocean',
  sunset: 'themes.description.panel.sunset',
  forest: 'themes.description.panel.forest',
  aurora: 'themes.description.panel.aurora',
  lavender: 'themes.description.panel.lavender',
  cherry: 'themes.description.panel.cherry',
  noir: 'themes.description.panel.noir',
};

const tokenDescriptions: Record<TokenThemeName, MessageKey> = {
  'cosmic-pink': 'themes.description.token.cosmicPink',
  'miami-sunset': 'themes.description.token.miamiSunset',
  'elegant-noir': 'themes.description.token.elegantNoir',
  'ocean-mint': 'themes.description.token.oceanMint',
  'aurora-borealis': 'themes.description.token.auroraBorealis',
  'sakura-garden': 'themes.description.token.sakuraGarden',
};

export const panelThemeOptions: readonly ThemeOption[] = panelThemeIds.map((id: PanelThemeId) => {
  const theme = panelThemes[id];
  return {
    id,
    name: panelNames[id],
    emoji: theme.emoji,
    swatch: theme.gradient,
    description: panelDescriptions[id],
  };
});

export const tokenThemeOptions: readonly ThemeOption[] = tokenThemeNames.map((name: TokenThemeName) => {
  const theme = tokenThemes[name];
  const { bg, accent, accent2 } = theme.tokens;
  return {
    id: name,
    name: tokenNames[name],
    emoji: theme.emoji,
    swatch: `linear-gradient(135deg, ${bg} 0%, ${bg} 30%, ${accent} 65%, ${accent2} 100%)`,
    description: tokenDescriptions[name],
  };
});

/** Random: any other panel theme than the one on show, so the page always changes. */
export function randomPanelTheme(shown: ThemeId, random: () => number = Math.random): PanelThemeId {
  const others = panelThemeIds.filter((id) => id !== shown);
  return others[Math.floor(random() * others.length)] ?? 'default';
}
