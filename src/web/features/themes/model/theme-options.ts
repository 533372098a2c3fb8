import {
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
 * A theme as a picker shows it. The name is the theme's own (the spec's, the same in every language); the
 * description is a message, translated where it is shown (#shared/themes.ts keeps the English for the server).
 */
export type ThemeOption = {
  id: ThemeId;
  name: string;
  emoji: string;
  swatch: string;
  description: MessageKey;
};

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
    name: theme.name,
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
    name: theme.label,
    emoji: theme.emoji,
    swatch: `linear-gradient(135deg, ${bg} 0%, ${bg} 30%, ${accent} 65%, ${accent2} 100%)`,
    description: tokenDescriptions[name],
  };
});

/** Random (part 1 §4): any other panel theme than the one on show, so the page always changes. */
export function randomPanelTheme(shown: ThemeId, random: () => number = Math.random): PanelThemeId {
  const others = panelThemeIds.filter((id) => id !== shown);
  return others[Math.floor(random() * others.length)] ?? 'default';
}
