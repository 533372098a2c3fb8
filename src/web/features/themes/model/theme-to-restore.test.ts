import { describe, expect, it } from 'vitest';
import { themeToRestore } from './theme-to-restore.ts';

describe('themeToRestore', () => {
  it('keeps this browser’s last theme when the profile holds it', () => {
    expect(themeToRestore('ocean', { theme: 'ocean', theme_name: 'sakura-garden' })).toBe('ocean');
    expect(themeToRestore('sakura-garden', { theme: 'ocean', theme_name: 'sakura-garden' })).toBe(
      'sakura-garden',
    );
  });

  it('takes the Color Themes choice, then the studio’s, when the browser’s is not the profile’s', () => {
    expect(themeToRestore('noir', { theme: 'ocean', theme_name: 'elegant-noir' })).toBe('elegant-noir');
    expect(themeToRestore(null, { theme: 'ocean', theme_name: null })).toBe('ocean');
  });

  it('restores nothing when the profile has no theme', () => {
    expect(themeToRestore('lavender', { theme: null, theme_name: null })).toBeNull();
  });
});
