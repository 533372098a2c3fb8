import type { WidgetType } from '#shared/embeds.ts';
import { clampWidgetWidth } from '#shared/widgets.ts';

/**
 * How a widget's iframe is drawn. Every embed gets the same sandbox: scripts and same-origin
 * inside the provider's own origin (players need both), popups (open in YouTube/Spotify) and presentation;
 * never top navigation, forms or downloads. The referrer policy sends our origin only, which YouTube's player
 * requires since mid-2025 (Error 153).
 */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation';
export const EMBED_REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The `allow` list each provider's embed asks for; none for a calendar or a page. */
export const EMBED_ALLOW: Record<Exclude<WidgetType, 'profile'>, string | undefined> = {
  youtube:
    'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share',
  spotify: 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture',
  suno: 'autoplay; clipboard-write; encrypted-media',
  gcal: undefined,
  iframe: undefined,
};

/** Only YouTube asks for `allowfullscreen` besides its allow list. */
export const EMBED_FULLSCREEN: ReadonlySet<WidgetType> = new Set(['youtube']);

/**
 * A last check before a URL reaches an iframe: the server only stores https embed URLs it built, but the
 * browser does not frame anything else even if a stored row says otherwise.
 */
export function isFramableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/** Static class names for Tailwind, one per displayed width (`clampWidgetWidth` gives 3–12). */
const COLUMN_SPAN: Record<number, string> = {
  3: 'md:col-span-3',
  4: 'md:col-span-4',
  5: 'md:col-span-5',
  6: 'md:col-span-6',
  7: 'md:col-span-7',
  8: 'md:col-span-8',
  9: 'md:col-span-9',
  10: 'md:col-span-10',
  11: 'md:col-span-11',
  12: 'md:col-span-12',
};

/** The grid column class of a stored `col_span`, clamped to 3–12. One column on phones. */
export function columnSpanClass(colSpan: number): string {
  return COLUMN_SPAN[clampWidgetWidth(colSpan)] ?? 'md:col-span-6';
}

/** Pixels per `row_span` unit: Short 3 → 120 px, Medium 6 → 240 px, Tall 9 → 360 px. */
export const ROW_UNIT_PX = 40;

/** The embed area's height in pixels; a stored span outside 3–12 is drawn at the nearest of those. */
export function embedHeightPx(rowSpan: number): number {
  const span = Number.isFinite(rowSpan) ? Math.min(12, Math.max(3, Math.round(rowSpan))) : 6;
  return span * ROW_UNIT_PX;
}
