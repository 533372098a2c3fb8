import { isGradientCss } from '#shared/profile.ts';
import { washedWallpaperCss } from '#shared/themes.ts';

export type Wallpaper = { url: string | null; css: string | null };

/**
 * Only Lumara's own paths and https links become a `url(…)`: the server validates what it stores, and this keeps
 * anything else (a `javascript:` or `data:` URL from an older row) off the page all the same.
 */
function isDisplayableImageUrl(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('https://');
}

/** A `url("…")` that no character of the URL can end early. */
function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r\f]/g, (character) => encodeURIComponent(character))}")`;
}

/** The wallpaper's layer: the picture if there is one, else the gradient; null for none (or one not allowed). */
export function wallpaperLayer({ url, css }: Wallpaper): string | null {
  if (url && isDisplayableImageUrl(url)) return cssUrl(url);
  if (css && isGradientCss(css)) return css;
  return null;
}

/**
 * Puts the member's wallpaper behind the page, under the theme's wash (themes.ts: text stays readable on any
 * wallpaper), or takes it away. `data-wallpaper` says which kind is shown.
 */
export function applyWallpaperToDocument(body: HTMLElement, wallpaper: Wallpaper): void {
  const layer = wallpaperLayer(wallpaper);
  if (!layer) {
    clearWallpaperFromDocument(body);
    return;
  }
  body.style.setProperty('background-image', washedWallpaperCss(layer));
  body.style.setProperty('background-size', 'cover');
  body.style.setProperty('background-position', 'center');
  body.dataset.wallpaper = layer.startsWith('url(') ? 'image' : 'gradient';
}

export function clearWallpaperFromDocument(body: HTMLElement): void {
  body.style.removeProperty('background-image');
  body.style.removeProperty('background-size');
  body.style.removeProperty('background-position');
  delete body.dataset.wallpaper;
}
