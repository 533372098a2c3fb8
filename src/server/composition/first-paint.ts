import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { SignInMode, User } from '#shared/auth.ts';
import type { Dashboard } from '#shared/dashboard.ts';
import {
  DASHBOARD_PATHS,
  type FirstPaintRenderer,
  LANGUAGE_COOKIE,
  prerenderedPagePath,
  TIME_ZONE_COOKIE,
  withStylesheetsInline,
  writeFirstPaint,
} from '#shared/first-paint.ts';
import { isLanguage, type Language, languages } from '#shared/language.ts';
import { timeZoneSchema } from '#shared/time-zone.ts';
import { requestLanguage } from '../lib/http/request-language.ts';
import type { Logger } from '../lib/infra/logger.ts';

/** Asks the app's own API in process, as the browser would, with the page request's cookie (app.ts). */
type CallApi = (request: Request, env: unknown) => Promise<Response> | Response;

/**
 * The page's first paint from the server (decision 0039). The sign-in page was prerendered at build time in each
 * language (scripts/build-web.ts). For a signed-in member the dashboard is rendered per request by the app's own
 * server renderer (dist/ssr), from the same two answers the browser would ask for (`GET /api/users/me`, `GET
 * /api/dashboard`), read in process through the API with the member's cookie: the same session check, limits and
 * shapes as over the network. Whatever cannot be rendered (no session, no zone known yet, a failure) gets the
 * plain page, which the browser renders itself as before: this only ever makes a page paint sooner.
 */
export function createFirstPaint(options: {
  webRoot: string;
  callApi: CallApi;
  logger: Logger;
  /** How members sign in here: the sign-in page prerendered for it is sent. */
  signInMode: SignInMode;
}) {
  const template = withStylesheetsInline(
    readFileSync(path.join(options.webRoot, 'index.html'), 'utf8'),
    (href) => readBuiltFile(options.webRoot, href),
  );
  const rendererFile = path.join(options.webRoot, '../ssr/entry-server.mjs');
  let renderer: Promise<FirstPaintRenderer> | null = null;
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererFile).href) as Promise<FirstPaintRenderer>;
    return renderer;
  };
  const signInPages = new Map<Language, string>();
  for (const language of languages) {
    const file = prerenderedPagePath('/login', language, options.signInMode);
    if (existsSync(path.join(options.webRoot, file))) signInPages.set(language, file);
  }
  const rendererBuilt = existsSync(rendererFile);

  return {
    /** The prerendered sign-in page's file (under the web root) in the visitor's language, or null (then the plain page). */
    signInPage(c: Context): string | null {
      if (c.req.path !== '/login') return null;
      return signInPages.get(pageLanguage(c)) ?? null;
    },

    /** The dashboard's HTML for the member whose cookie this is, or null (then the plain page). */
    async dashboard(c: Context): Promise<string | null> {
      if (!rendererBuilt || !DASHBOARD_PATHS.includes(c.req.path) || !c.req.header('cookie')) return null;
      const zone = timeZoneSchema.safeParse(getCookie(c, TIME_ZONE_COOKIE));
      if (!zone.success) return null;
      try {
        const ask = (apiPath: string) => {
          const headers = new Headers({ cookie: c.req.header('cookie') ?? '' });
          const acceptLanguage = c.req.header('accept-language');
          if (acceptLanguage) headers.set('accept-language', acceptLanguage);
          return options.callApi(new Request(new URL(apiPath, c.req.url), { headers }), c.env);
        };
        const [me, dashboard] = await Promise.all([
          ask('/api/users/me'),
          ask(`/api/dashboard?time_zone=${encodeURIComponent(zone.data)}`),
        ]);
        if (me.status !== 200 || dashboard.status !== 200) {
          await Promise.all([me.body?.cancel(), dashboard.body?.cancel()]);
          return null;
        }
        // The app's own answers, in the shapes its routes declare.
        const user = (await me.json()) as User;
        const firstLoad = (await dashboard.json()) as Dashboard;
        const paint = await (await loadRenderer()).renderFirstPaint({
          path: c.req.path,
          language: firstLoad.profile.language ?? pageLanguage(c),
          languageFrom: firstLoad.profile.language ? 'member' : 'browser',
          timeZone: zone.data,
          user,
          dashboard: firstLoad,
          answeredAt: Date.now(),
        });
        return writeFirstPaint(template, paint);
      } catch (error) {
        options.logger.error(
          { err: error },
          'The dashboard could not be rendered on the server: the plain page is sent.',
        );
        return null;
      }
    },
  };
}

/** A file of the built app by its path on the site (`/assets/…`), or null when it is not one. */
export function readBuiltFile(webRoot: string, href: string): string | null {
  const file = path.join(webRoot, href);
  if (!href.startsWith('/assets/') || !file.startsWith(webRoot) || !existsSync(file)) return null;
  return readFileSync(file, 'utf8');
}

/** The language this browser showed last (its cookie), else the one it asks for. */
function pageLanguage(c: Context): Language {
  const remembered = getCookie(c, LANGUAGE_COOKIE);
  return isLanguage(remembered) ? remembered : requestLanguage();
}
