import type { SignInMode, User } from './auth.ts';
import type { Dashboard } from './dashboard.ts';
import type { Language } from './language.ts';

/**
 * The page's first paint from the server (decision 0039): what the server hands the app's server renderer
 * (src/web/entry-server.tsx), and what it gets back to write into the page.
 */
export type FirstPaintInput = {
  /** The path rendered, `/login` or a signed-in page. */
  path: string;
  language: Language;
  /**
   * Whose choice the language is: the member's profile (it wins on every device), or the browser's (its cookie, else
   * what it asks for), which the browser itself may know better (what it showed last).
   */
  languageFrom: 'member' | 'browser';
  /** The zone the browser said it is in (its `lumara-time-zone` cookie): the zone its own queries are keyed by. */
  timeZone: string;
  /**
   * The member, as `GET /api/users/me` answers; null on the sign-in page, rendered for whoever is signed out (the
   * browser asks again at once, and a member already signed in goes on to the dashboard).
   */
  user: User | null;
  /** How members sign in (`GET /api/auth/mode`): the sign-in page shows it; absent on other pages. */
  signInMode?: SignInMode;
  /** The dashboard's first load, as `GET /api/dashboard` answers; absent on other pages. */
  dashboard?: Dashboard;
  /** When the answers were read (ms since the epoch): the browser's queries count their freshness from it; 0 at build time. */
  answeredAt: number;
};

/** What the browser reads before hydrating (`<script type="application/json" id="first-paint">`). */
export type FirstPaintState = {
  language: Language;
  languageFrom: 'member' | 'browser';
  timeZone: string;
  /** The query cache the HTML was rendered from: each answer's key, data and when it was read (ms). */
  queries: [key: readonly unknown[], data: unknown, answeredAt: number][];
};

export type FirstPaint = {
  /** The app's markup for `#root`. */
  html: string;
  state: FirstPaintState;
  /** The member's theme for `<html>` (its id and inline CSS variables), so the page paints in it; null: the default. */
  theme: { id: string; style: string } | null;
};

/** The dashboard's paths (src/web/app/router.tsx): the pages the server paints for a signed-in member. */
export const DASHBOARD_PATHS: readonly string[] = ['/', '/dashboard'];

/**
 * Cookies the browser keeps for the server's first paint (src/web/main.tsx): its time zone (the dashboard's queries
 * are keyed by it) and the language it showed last (the sign-in page's, before any member is known). Neither is a
 * secret nor names anyone.
 */
export const TIME_ZONE_COOKIE = 'lumara-time-zone';
export const LANGUAGE_COOKIE = 'lumara-language';

/** The server renderer's module (dist/ssr/entry-server.mjs, from src/web/entry-server.tsx). */
export type FirstPaintRenderer = { renderFirstPaint: (input: FirstPaintInput) => Promise<FirstPaint> };

/** The id of the page's JSON data block the browser reads before hydrating. */
export const FIRST_PAINT_STATE_ID = 'first-paint';

/**
 * Where the build writes the sign-in page prerendered in a language for a way of signing in, under dist/web:
 * `login.es.google.html`. The server sends the one of its own sign-in mode.
 */
export function prerenderedPagePath(pagePath: '/login', language: Language, mode: SignInMode): string {
  return `${pagePath.slice(1)}.${language}.${mode}.html`;
}

/**
 * The app's page (dist/web/index.html) with a first paint written in: the markup in `#root`, the state as a JSON
 * data block (never executed: the CSP's `script-src 'self'` stays), the language and theme on `<html>`.
 */
export function writeFirstPaint(template: string, paint: FirstPaint): string {
  const theme = paint.theme
    ? ` data-theme="${escapeAttribute(paint.theme.id)}" style="${escapeAttribute(paint.theme.style)}"`
    : '';
  // `<` escaped, so no text in the state (a task's title) can close the block.
  const state = JSON.stringify(paint.state).replace(/</g, '\\u003c');
  return (
    template
      // Functions, not replacement strings: a `$&` in a member's text stays as written.
      .replace(/<html lang="[^"]*">/, () => `<html lang="${paint.state.language}"${theme}>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${paint.html}</div><script type="application/json" id="${FIRST_PAINT_STATE_ID}">${state}</script>`,
      )
  );
}

/**
 * The page with its stylesheets written in (`<style>`) instead of linked: a painted page's first paint then waits
 * for no other request (the CSP allows inline styles). `readStylesheet` answers a stylesheet's text by its path
 * (`/assets/web-….css`), or null to keep the link.
 */
export function withStylesheetsInline(
  template: string,
  readStylesheet: (href: string) => string | null,
): string {
  return template.replace(/<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g, (link, href: string) => {
    const css = readStylesheet(href);
    // A stylesheet never holds `</style`; should one, it stays linked rather than end the element early.
    return css === null || /<\/style/i.test(css) ? link : `<style>${css}</style>`;
  });
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
