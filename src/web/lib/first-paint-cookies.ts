import { LANGUAGE_COOKIE, TIME_ZONE_COOKIE } from '#shared/first-paint.ts';
import { browserTimeZone } from './browser-time-zone.ts';
import { rememberedLanguage } from './i18n/i18n.ts';

const A_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/**
 * What the server needs to paint this browser's next page: its time zone, by which the dashboard's queries are
 * keyed, and the language it shows (the sign-in page's, before anyone is known). Cookies, as the page request
 * carries nothing else; neither names the member.
 */
export function rememberForFirstPaint(): void {
  keep(TIME_ZONE_COOKIE, browserTimeZone());
  const language = rememberedLanguage.read();
  if (language) keep(LANGUAGE_COOKIE, language);
  rememberedLanguage.subscribe(() => {
    const chosen = rememberedLanguage.read();
    if (chosen) keep(LANGUAGE_COOKIE, chosen);
  });
}

function keep(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser Lumara supports.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${A_YEAR_IN_SECONDS}; samesite=lax${secure}`;
}
