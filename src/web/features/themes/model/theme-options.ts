import {
  type PanelThemeId,
  panelThemeIds,
  panelThemes,
  type ThemeId,
  type TokenThemeName,
  tokenThemeNames,
  tokenThemes,
} from '#shared/themes.ts';

/** A theme as a picker shows it. */
export type ThemeOption = { id: ThemeId; name: string; emoji: string; swatch: string; description: string };

export const panelThemeOptions: readonly ThemeOption[] = panelThemeIds.map((id: PanelThemeId) => {
  const theme = panelThemes[id];
  return {
    id,
    name: theme.name,
    emoji: theme.emoji,
    swatch: theme.gradient,
    description: theme.description,
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
    description: theme.description,
  };
});

/** Random (part 1 §4): any other panel theme than the one on show, so the page always changes. */
export function randomPanelTheme(shown: ThemeId, random: () => number = Math.random): PanelThemeId {
  const others = panelThemeIds.filter((id) => id !== shown);
  return others[Math.floor(random() * others.length)] ?? 'default';
}
