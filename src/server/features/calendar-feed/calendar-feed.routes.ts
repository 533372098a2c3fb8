import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Hono } from 'hono';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { successSchema } from '#shared/api.ts';
import {
  CALENDAR_FEED,
  CALENDAR_FEED_PATH_PREFIX,
  CALENDAR_FEED_SUFFIX,
  calendarFeedSchema,
} from '#shared/calendar-feed.ts';
import {
  buildMemberFeed,
  deleteCalendarFeed,
  type FeedSettings,
  feedEtag,
  findFeedMember,
  getCalendarFeed,
  matchesEtag,
  replaceCalendarFeed,
} from './calendar-feed.service.ts';

const FEED_PATH = '/api/calendar/feed';

/** Why no token reaches these routes, said once in each description. */
const COOKIE_ONLY =
  'Session cookie only, no personal access token (not even `calendar:read`): the address is a lasting ' +
  'credential to the calendar, which must not outlive a revoked token, so only the member in the app makes, ' +
  'shows or ends it (**403** `insufficient_scope` to a token).';

/**
 * The member's calendar feed address, managed in Settings → Calendar. The feed itself, `GET
 * /calendar/<token>.ics`, is outside the API (createCalendarFeedFile below): a calendar app reads it with no cookie.
 */
export const calendarFeedRoutes = {
  get: apiRoute({
    method: 'get',
    path: FEED_PATH,
    operationId: 'getCalendarFeed',
    tags: ['Calendar'],
    summary: "The member's calendar feed address",
    description: `\`url\` is \`APP_URL/calendar/<token>.ics\`, or null when the member has none. ${COOKIE_ONLY}`,
    responses: { 200: json(calendarFeedSchema, 'The address, or null') },
  }),
  replace: apiRoute({
    method: 'post',
    path: FEED_PATH,
    operationId: 'replaceCalendarFeed',
    tags: ['Calendar'],
    summary: 'Make (or replace) the calendar feed address',
    description:
      'A new secret address, `APP_URL/calendar/<token>.ics` (a 256-bit token; the server keeps its hash). ' +
      'It replaces the one the member had, which answers **404** from now on. The feed answers ' +
      '`text/calendar` (RFC 5545) without a cookie: every task with a due date (all-day, or ' +
      `${CALENDAR_FEED.timedTaskMinutes} minutes from its due time in its zone, with its RRULE when it ` +
      `repeats) and the focus sessions completed in the last ${CALENDAR_FEED.focusDays} days; it has an ` +
      `\`ETag\` and answers **304** to a matching \`If-None-Match\`. ${COOKIE_ONLY}`,
    responses: { 200: json(calendarFeedSchema, 'The new address') },
  }),
  remove: apiRoute({
    method: 'delete',
    path: FEED_PATH,
    operationId: 'deleteCalendarFeed',
    tags: ['Calendar'],
    summary: 'Turn the calendar feed off',
    description: `The address answers **404** from now on; without one, nothing changes. ${COOKIE_ONLY}`,
    responses: { 200: json(successSchema, 'Turned off') },
  }),
};

type Deps = { db: Db; requireMember: RequireMember; appUrl: URL; now: () => Date; feedKey: string };

export function createCalendarFeedRoutes(deps: Deps) {
  const settings: FeedSettings = { db: deps.db, appUrl: deps.appUrl, key: deps.feedKey, now: deps.now };
  return createApiRouter(deps.requireMember)
    .openapi(calendarFeedRoutes.get, async (c) => c.json(await getCalendarFeed(settings, memberIdOf(c)), 200))
    .openapi(calendarFeedRoutes.replace, async (c) =>
      c.json(await replaceCalendarFeed(settings, memberIdOf(c)), 200),
    )
    .openapi(calendarFeedRoutes.remove, async (c) => {
      await deleteCalendarFeed(deps.db, memberIdOf(c));
      return c.json({ success: true as const }, 200);
    });
}

/** The one path the feed answers on, as Hono lists it (the authorization matrix names it). */
export const CALENDAR_FEED_FILE_ROUTE = `${CALENDAR_FEED_PATH_PREFIX}:file`;

const gzipped = promisify(gzip);
/** Smaller feeds go out as they are: compressing them saves less than it costs. */
const GZIP_FROM_BYTES = 4 * 1024;

/** Whether the client takes gzip (named, and not refused with `q=0`). */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase().split(';'))
    .some(
      ([name, ...params]) =>
        name?.trim() === 'gzip' && !params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param)),
    );
}

/**
 * `GET /calendar/<token>.ics` (and HEAD): the feed, for whoever holds the address, with no cookie; outside /api
 * like /healthz, so none of the API's cookie, origin or JSON rules apply. An unknown, replaced or turned-off
 * token answers a plain 404 that says nothing of why. `private, max-age=0`: a shared cache keeps no copy, and
 * every read revalidates with the ETag, made from the data's versions (feedEtag) before any text is built, so a
 * calendar app polling a feed that has not changed costs two small queries and gets 304. Reads of one member's
 * feed that arrive while its text is being built share that build; the text goes out gzipped to a client that
 * takes it (a 10,000-task feed is about 4 MB of text).
 */
export function createCalendarFeedFile(deps: Pick<Deps, 'db' | 'appUrl' | 'now'>) {
  const building = new Map<string, Promise<string>>();
  const textOf = (userId: number, etag: string, now: Date): Promise<string> => {
    const key = `${userId}|${etag}`;
    const running = building.get(key);
    if (running) return running;
    const build = buildMemberFeed(deps, userId, now).finally(() => building.delete(key));
    building.set(key, build);
    return build;
  };
  return new Hono().get(CALENDAR_FEED_FILE_ROUTE, async (c) => {
    const file = c.req.param('file');
    const token = file.endsWith(CALENDAR_FEED_SUFFIX) ? file.slice(0, -CALENDAR_FEED_SUFFIX.length) : '';
    const userId = token ? await findFeedMember(deps.db, token) : null;
    c.header('Cache-Control', 'private, max-age=0, must-revalidate');
    // A secret address: never indexed, never sent on as a referrer.
    c.header('X-Robots-Tag', 'noindex');
    c.header('Referrer-Policy', 'no-referrer');
    if (userId === null) return c.text('Not found', 404);
    const now = deps.now();
    const etag = await feedEtag(deps, userId, now);
    c.header('ETag', etag);
    c.header('Vary', 'Accept-Encoding');
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    const text = await textOf(userId, etag, now);
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', 'inline; filename="lumara.ics"');
    if (
      c.req.method !== 'HEAD' &&
      text.length >= GZIP_FROM_BYTES &&
      acceptsGzip(c.req.header('Accept-Encoding'))
    ) {
      const compressed = await gzipped(text);
      c.header('Content-Encoding', 'gzip');
      return c.body(
        new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength),
        200,
      );
    }
    return c.body(text, 200);
  });
}
