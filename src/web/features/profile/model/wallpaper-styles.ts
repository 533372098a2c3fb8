import { type WallpaperStyle, wallpaperStyles } from '#shared/profile.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

export type WallpaperStyleOption = {
  style: WallpaperStyle;
  /** Its name on screen; the prompt stays English whatever the interface's language. */
  label: MessageKey;
  /** What the image model is asked for. */
  prompt: string;
  /** The same mood as CSS gradients: a wallpaper that needs no AI service at all. */
  gradient: string;
};

const options: Record<WallpaperStyle, Omit<WallpaperStyleOption, 'style'>> = {
  'pastel-nebula': {
    label: 'profile.wallpaperStyle.pastelNebula',
    prompt:
      'A dreamy pastel nebula in deep space, soft pink, lavender and baby blue clouds of stardust, tiny glowing stars, wide desktop wallpaper, no text',
    gradient:
      'radial-gradient(at 20% 25%, #ffc6e5 0, transparent 45%), radial-gradient(at 80% 20%, #c9b8ff 0, transparent 45%), radial-gradient(at 60% 85%, #b8e4ff 0, transparent 50%), linear-gradient(135deg, #fbe3f4 0%, #e6dcff 50%, #d9efff 100%)',
  },
  'miami-sunset': {
    label: 'profile.wallpaperStyle.miamiSunset',
    prompt:
      'A retro Miami sunset over the ocean, hot pink and orange sky, silhouetted palm trees, warm glow on the water, wide desktop wallpaper, no text',
    gradient:
      'radial-gradient(at 50% 100%, #ffd166 0, transparent 45%), linear-gradient(180deg, #ff9ec7 0%, #ffb38a 45%, #ffd9a8 70%, #7fd6d0 100%)',
  },
  'parrot-constellations': {
    label: 'profile.wallpaperStyle.parrotConstellations',
    prompt:
      'A night sky where the stars form the shapes of flying parrots, teal and violet nebula, glowing constellation lines, wide desktop wallpaper, no text',
    gradient:
      'radial-gradient(at 25% 30%, #5eead4 0, transparent 35%), radial-gradient(at 75% 60%, #a78bfa 0, transparent 40%), linear-gradient(160deg, #10183a 0%, #1e2a5e 55%, #0f3d4a 100%)',
  },
  'classy-noir': {
    label: 'profile.wallpaperStyle.classyNoir',
    prompt:
      'An elegant black velvet backdrop with subtle gold art deco lines and soft spotlight, luxurious and minimal, wide desktop wallpaper, no text',
    gradient:
      'radial-gradient(at 50% 0%, #3a3123 0, transparent 55%), repeating-linear-gradient(45deg, #15131a 0, #15131a 22px, #1c1922 22px, #1c1922 44px), linear-gradient(180deg, #0f0e11 0%, #1b1820 100%)',
  },
};

/** The wallpaper styles, in order. */
export const wallpaperStyleOptions: readonly WallpaperStyleOption[] = wallpaperStyles.map((style) => ({
  style,
  ...options[style],
}));
