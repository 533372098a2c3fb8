import { panelThemeIds, tokenThemeNames } from '#shared/themes.ts';

/**
 * The themes an axe sweep in the browser goes through. Every theme's palette is checked for contrast without a
 * browser (src/shared/themes.test.ts); what the browser adds is the palette on real pages, which a sample shows:
 * each kind's default, a dark one of each and a warm light one. `npm run test:e2e:full` scans every theme (the
 * fourteen, on four sweeps, are a quarter of the suite's time on CI's two cores).
 */
const SAMPLE = ['default', 'noir', 'sunset', 'cosmic-pink', 'elegant-noir'] as const;

export const themesToScan: readonly string[] =
  process.env.E2E_ALL_THEMES === '1' ? [...panelThemeIds, ...tokenThemeNames] : SAMPLE;
