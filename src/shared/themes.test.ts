import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  allThemes,
  type Hex,
  panelThemeIds,
  panelThemes,
  parseThemeId,
  type ThemePalette,
  type TranslucentColor,
  themeCssVariables,
  themeTokensSchema,
  tokenThemeNames,
  tokenThemes,
  WALLPAPER_WASH_OPACITY,
} from './themes.ts';

// ---------------------------------------------------------------------------------------------------------------
// WCAG 2.2 contrast, written out here rather than imported, so the test does not check the catalogue with the
// catalogue's own arithmetic. https://www.w3.org/TR/WCAG22/#dfn-relative-luminance

type Rgb = readonly [number, number, number];

function rgbOf(hex: Hex): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** A translucent layer over an opaque colour, blended per channel as browsers do (sRGB, source-over). */
function over(layer: TranslucentColor, under: Rgb): Rgb {
  const top = rgbOf(layer.hex);
  return [0, 1, 2].map((i) => layer.alpha * (top[i] ?? 0) + (1 - layer.alpha) * (under[i] ?? 0)) as [
    number,
    number,
    number,
  ];
}

type Background = { name: string; rgb: Rgb };

/**
 * Every colour text can sit on directly on the page: the page colour, each colour of the backdrop, and, with a
 * wallpaper, the washed wallpaper. A wallpaper pixel can be any colour; under the wash its luminance lies
 * between the washed black and the washed white, and every luminance between is reached by a grey, so greys in
 * small steps stand for all wallpapers.
 */
function pageBackgrounds(palette: ThemePalette): Background[] {
  const wash = { hex: palette.pageBg, alpha: WALLPAPER_WASH_OPACITY };
  const greys = Array.from({ length: 16 }, (_, step) => step * 17);
  return [
    { name: 'page-bg', rgb: rgbOf(palette.pageBg) },
    ...palette.backdrop.glows.map((glow, index) => ({
      name: `backdrop glow ${index + 1}`,
      rgb: rgbOf(glow),
    })),
    { name: 'backdrop from', rgb: rgbOf(palette.backdrop.from) },
    { name: 'backdrop to', rgb: rgbOf(palette.backdrop.to) },
    ...greys.map((grey) => ({ name: `wallpaper grey ${grey}`, rgb: over(wash, [grey, grey, grey]) })),
  ];
}

/** The glass on the page: a card (surface), an input or menu (surface-strong), an input in a card. */
function glassBackgrounds(palette: ThemePalette): Background[] {
  const page = pageBackgrounds(palette);
  return [
    ...page.map((b) => ({ name: `surface over ${b.name}`, rgb: over(palette.surface, b.rgb) })),
    ...page.map((b) => ({ name: `surface-strong over ${b.name}`, rgb: over(palette.surfaceStrong, b.rgb) })),
    ...page.map((b) => ({
      name: `surface-strong over surface over ${b.name}`,
      rgb: over(palette.surfaceStrong, over(palette.surface, b.rgb)),
    })),
  ];
}

/** The backgrounds on which `text` falls below `minimum`, with the ratio reached: [] when all pass. */
function failures(text: Hex, backgrounds: Background[], minimum: number): string[] {
  return backgrounds
    .map((b) => ({ name: b.name, ratio: contrastRatio(rgbOf(text), b.rgb) }))
    .filter(({ ratio }) => ratio < minimum)
    .map(({ name, ratio }) => `${name}: ${ratio.toFixed(2)}`);
}

const AA_TEXT = 4.5;
/** WCAG 1.4.11: the focus ring is a user-interface component, 3:1 against what is next to it. */
const AA_NON_TEXT = 3;

describe('the WCAG contrast arithmetic of this test', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio(rgbOf('#000000'), rgbOf('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgbOf('#b0246a'), rgbOf('#b0246a'))).toBe(1);
    // The classic boundary: #767676 is the lightest grey that passes AA on white, #777777 fails.
    expect(contrastRatio(rgbOf('#767676'), rgbOf('#ffffff'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(rgbOf('#777777'), rgbOf('#ffffff'))).toBeLessThan(4.5);
  });

  it('blends a translucent layer over what is under it', () => {
    expect(over({ hex: '#ffffff', alpha: 0.5 }, [0, 0, 0])).toEqual([127.5, 127.5, 127.5]);
    expect(over({ hex: '#102030', alpha: 1 }, [255, 255, 255])).toEqual([16, 32, 48]);
  });
});

describe('every theme keeps text readable (WCAG AA, 4.5:1)', () => {
  it('checks all fourteen themes', () => {
    expect(allThemes).toHaveLength(14);
    expect(new Set(allThemes.map((theme) => theme.id)).size).toBe(14);
  });

  describe.each(allThemes)('$id', ({ palette }) => {
    const page = pageBackgrounds(palette);
    const glass = glassBackgrounds(palette);

    it.each([
      ['ink', palette.ink],
      ['ink-muted', palette.inkMuted],
    ] as const)('%s text on the page, its backdrop, any wallpaper and the glass on them', (_, text) => {
      expect(failures(text, [...page, ...glass], AA_TEXT)).toEqual([]);
    });

    // Accent and danger colours colour text inside cards and menus (links, labels, errors), never headings on the
    // bare page, so they are held to AA on the glass.
    it.each([
      ['accent', palette.accent],
      ['accent-strong', palette.accentStrong],
      ['accent-2', palette.accent2],
      ['danger', palette.danger],
    ] as const)('%s text on the glass over the page, its backdrop and any wallpaper', (_, text) => {
      expect(failures(text, glass, AA_TEXT)).toEqual([]);
    });

    it('danger text on its soft alert background', () => {
      const alerts = [...page, ...glass].map((b) => ({
        name: `danger-soft over ${b.name}`,
        rgb: over(palette.dangerSoft, b.rgb),
      }));
      expect(failures(palette.danger, alerts, AA_TEXT)).toEqual([]);
    });

    it('on-accent text on accent, accent-strong and accent-2 (buttons, avatar initials)', () => {
      const fills = [
        { name: 'accent', rgb: rgbOf(palette.accent) },
        { name: 'accent-strong', rgb: rgbOf(palette.accentStrong) },
        { name: 'accent-2', rgb: rgbOf(palette.accent2) },
      ];
      expect(failures(palette.onAccent, fills, AA_TEXT)).toEqual([]);
    });

    it('on-danger text on a danger-filled button', () => {
      expect(failures(palette.onDanger, [{ name: 'danger', rgb: rgbOf(palette.danger) }], AA_TEXT)).toEqual(
        [],
      );
    });

    it('the focus ring stands out (3:1) wherever it is drawn', () => {
      expect(failures(palette.focusRing, [...page, ...glass], AA_NON_TEXT)).toEqual([]);
    });
  });
});

describe('the catalogue', () => {
  it('has the eight panel themes, each with emoji and swatch (their words are messages)', () => {
    expect(panelThemeIds).toEqual([
      'default',
      'ocean',
      'sunset',
      'forest',
      'aurora',
      'lavender',
      'cherry',
      'noir',
    ]);
    for (const id of panelThemeIds) {
      const theme = panelThemes[id];
      expect(theme.id).toBe(id);
      expect(theme.emoji).not.toBe('');
      expect(theme.gradient).toMatch(/^linear-gradient\(/);
    }
  });

  it('has the six token themes, whose tokens are their palette’s and valid for POST /api/theme/apply', () => {
    expect(Object.keys(tokenThemes)).toEqual([...tokenThemeNames]);
    for (const name of tokenThemeNames) {
      const { tokens, palette } = tokenThemes[name];
      expect(themeTokensSchema.parse(tokens)).toEqual(tokens);
      expect(tokens).toEqual({
        bg: palette.pageBg,
        surface: palette.surface.hex,
        text: palette.ink,
        accent: palette.accent,
        accent2: palette.accent2,
      });
    }
  });

  it('makes the settings’ cosmic-pink the panel’s default', () => {
    expect(tokenThemes['cosmic-pink'].palette).toBe(panelThemes.default.palette);
  });

  it('reads back stored ids, and nothing else (the old fallback "dark-glam" included)', () => {
    expect(parseThemeId('ocean')).toBe('ocean');
    expect(parseThemeId('sakura-garden')).toBe('sakura-garden');
    expect(parseThemeId('dark-glam')).toBeNull();
    expect(parseThemeId('__proto__')).toBeNull();
    expect(parseThemeId(null)).toBeNull();
  });
});

describe('styles.css', () => {
  const css = readFileSync(new URL('../web/styles.css', import.meta.url), 'utf8');

  /** The declarations of the block that opens with `selector {`, whitespace collapsed. */
  function declarationsOf(selector: string): Map<string, string> {
    const start = css.indexOf(`${selector} {`);
    expect(start, `styles.css has a "${selector} {" block`).toBeGreaterThanOrEqual(0);
    const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
    const declarations = new Map<string, string>();
    for (const declaration of body.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon < 0) continue;
      declarations.set(
        declaration.slice(0, colon).trim(),
        declaration
          .slice(colon + 1)
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
    return declarations;
  }

  it('paints the first frame with exactly the default theme’s variables, before any script runs', () => {
    const root = declarationsOf(':root');
    const palette = panelThemes.default.palette;
    expect(root.get('color-scheme')).toBe(palette.scheme);
    for (const [name, value] of Object.entries(themeCssVariables(palette))) {
      expect(root.get(name), name).toBe(value);
    }
  });
});
