import { describe, expect, it } from 'vitest';
import { wallpaperCssSchema, wallpaperStyles } from '#shared/profile.ts';
import { wallpaperStyleOptions } from './wallpaper-styles.ts';

describe('wallpaper styles', () => {
  it('offer the four styles, in order', () => {
    expect(wallpaperStyleOptions.map((option) => option.style)).toEqual([...wallpaperStyles]);
  });

  it('each gradient is one the server stores as a wallpaper (no url(), only gradients)', () => {
    for (const option of wallpaperStyleOptions) {
      expect(wallpaperCssSchema.safeParse(option.gradient).success, option.style).toBe(true);
    }
  });
});
