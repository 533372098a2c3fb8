import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { calendarFeeds, pomodoroSessions, profiles, tasks, users } from '#server/db/schema.ts';
import { isKnownTimeZone } from '#server/lib/data/time-zone.ts';
import {
  CALENDAR_FEED,
  CALENDAR_FEED_PATH_PREFIX,
  CALENDAR_FEED_SUFFIX,
  type CalendarFeed,
} from '#shared/calendar-feed.ts';
import { buildCalendarFeed } from './calendar-feed.ics.ts';

/*
 * The member's secret feed address (decision 0036). The token is 256 bits: HMAC-SHA256, under the server's feed
 * key, of the member's id and a seed of 32 random bytes kept on the row. The table keeps the token's SHA-256,
 * which is what a request's token is looked up by, and the seed; so `GET /api/calendar/feed` can show the
 * address again (the issue asks it to), while a copy of the database without the key (`CALENDAR_FEED_SECRET`)
 * reaches no feed. The random seed makes the token unguessable from outside with any key, the built-in one
 * included. Making it again writes a new seed and hash over the old, so the old address answers 404.
 */

/**
 * Used when `CALENDAR_FEED_SECRET` is not set: a token is then as secret as its row (its seed is random), and no
 * longer safe from a copy of the database.
 */
export const DEFAULT_FEED_KEY = 'lumara-calendar-feed-development-key';

/** A feed token: 32 bytes in base64url, no padding. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type FeedSettings = { db: Db; appUrl: URL; key: string; now: () => Date };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function tokenOf(key: string, userId: number, seed: string): string {
  return createHmac('sha256', key).update(`calendar-feed:${userId}:${seed}`).digest('base64url');
}

function addressOf(appUrl: URL, token: string): string {
  return new URL(`${CALENDAR_FEED_PATH_PREFIX}${token}${CALENDAR_FEED_SUFFIX}`, appUrl).toString();
}

/** `GET /api/calendar/feed`: the member's address, or null when they have none. */
export async function getCalendarFeed(settings: FeedSettings, userId: number): Promise<CalendarFeed> {
  const [row] = await settings.db
    .select({ tokenHash: calendarFeeds.tokenHash, seed: calendarFeeds.seed })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  if (!row) return { url: null };
  const token = tokenOf(settings.key, userId, row.seed);
  // Made under another key (the server's key changed): the old address still works for whoever has it, but it
  // cannot be shown again; the member makes a new one, which replaces it.
  if (hashToken(token) !== row.tokenHash) return { url: null };
  return { url: addressOf(settings.appUrl, token) };
}

/** `POST /api/calendar/feed`: a new address for the member, replacing theirs if they had one. */
export async function replaceCalendarFeed(settings: FeedSettings, userId: number): Promise<CalendarFeed> {
  const seed = randomBytes(32).toString('base64url');
  const token = tokenOf(settings.key, userId, seed);
  const values = { tokenHash: hashToken(token), seed, createdAt: settings.now() };
  await settings.db
    .insert(calendarFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values });
  return { url: addressOf(settings.appUrl, token) };
}

/** `DELETE /api/calendar/feed`: no address any more; the last one answers 404. Nothing to delete is fine. */
export async function deleteCalendarFeed(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The member a feed token belongs to, or null (malformed, replaced, turned off, or the account is gone). */
export async function findFeedMember(db: Db, token: string): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(users.kind, 'member')))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * What the feed's text is made of, bumped when the writer changes what it writes for the same rows: a calendar
 * app holding a tag of the old format then reads the new text once.
 */
const FEED_FORMAT = 1;

/**
 * The feed's entity tag, from one query of versions, without building the text: the member's task list version
 * (`users.tasks_version`, counted by every change to their tasks, as the task list's own ETag is), the profile's
 * zone, the focus sessions completed in the window (how many and the sum of their ids: one finished or one
 * leaving the window changes it), the year (it bounds the VTIMEZONEs), the app's origin and the format. Read before
 * the rows, so a change that lands in between makes the next read fetch again rather than miss it.
 */
export async function feedEtag(
  settings: Pick<FeedSettings, 'db' | 'appUrl'>,
  userId: number,
  now: Date,
): Promise<string> {
  const since = new Date(now.getTime() - CALENDAR_FEED.focusDays * 24 * 60 * 60_000);
  const result = await settings.db.execute<{ version: string; zone: string | null; sessions: string }>(sql`
    SELECT ${users.tasksVersion}::text AS version,
           (SELECT ${profiles.timeZone} FROM ${profiles} WHERE ${profiles.userId} = ${userId}) AS zone,
           (SELECT count(*) || ':' || coalesce(sum(${pomodoroSessions.id}), 0) FROM ${pomodoroSessions}
             WHERE ${pomodoroSessions.userId} = ${userId}
               AND ${pomodoroSessions.completedAt} >= ${since.toISOString()}
               AND ${pomodoroSessions.completedAt} <= ${now.toISOString()}) AS sessions
    FROM ${users} WHERE ${users.id} = ${userId}`);
  const [row] = result.rows;
  const parts = [
    FEED_FORMAT,
    settings.appUrl.origin,
    now.getUTCFullYear(),
    row?.version ?? '',
    row?.zone ?? '',
    row?.sessions ?? '',
  ];
  return `"${createHash('sha256').update(parts.join('|')).digest('base64url')}"`;
}

/**
 * The member's calendar text (calendar-feed.ics.ts) from one query per table: the tasks with a due date (not
 * deleted), the focus sessions completed in the last `focusDays` days, the profile's time zone. Read straight
 * from the tables, as the week calendar (calendar.service.ts) reads them.
 */
export async function buildMemberFeed(
  settings: Pick<FeedSettings, 'db' | 'appUrl'>,
  userId: number,
  now: Date,
): Promise<string> {
  const { db } = settings;
  const since = new Date(now.getTime() - CALENDAR_FEED.focusDays * 24 * 60 * 60_000);
  const [datedTasks, sessions, [profile]] = await Promise.all([
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        notes: tasks.notes,
        dueDate: tasks.dueDate,
        dueTime: tasks.dueTime,
        repeat: tasks.repeat,
        timeZone: tasks.timeZone,
        updatedAt: tasks.updatedAt,
      })
      .from(tasks)
      .where(and(eq(tasks.userId, userId), isNull(tasks.deletedAt), isNotNull(tasks.dueDate)))
      .orderBy(asc(tasks.dueDate), asc(tasks.id)),
    db
      .select({
        id: pomodoroSessions.id,
        startedAt: pomodoroSessions.startedAt,
        completedAt: pomodoroSessions.completedAt,
      })
      .from(pomodoroSessions)
      .where(
        and(
          eq(pomodoroSessions.userId, userId),
          gte(pomodoroSessions.completedAt, since),
          lte(pomodoroSessions.completedAt, now),
        ),
      )
      .orderBy(asc(pomodoroSessions.startedAt), asc(pomodoroSessions.id)),
    db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, userId)),
  ]);
  // Intl is asked once per zone: a member's 10,000 tasks name a handful.
  const zoneKnown = new Map<string, boolean>();
  const usable = (zone: string) => {
    let known = zoneKnown.get(zone);
    if (known === undefined) {
      known = isKnownTimeZone(zone);
      zoneKnown.set(zone, known);
    }
    return known ? zone : 'UTC';
  };
  const savedZone = profile?.timeZone;
  return buildCalendarFeed({
    host: settings.appUrl.host,
    appOrigin: settings.appUrl.origin,
    timeZone: savedZone ? usable(savedZone) : 'UTC',
    tasks: datedTasks.flatMap((task) =>
      task.dueDate === null
        ? []
        : [
            {
              ...task,
              dueDate: task.dueDate,
              // A zone Intl no longer knows cannot be described: its times are read as UTC's.
              timeZone: usable(task.timeZone),
            },
          ],
    ),
    sessions: sessions.flatMap((session) =>
      session.completedAt === null
        ? []
        : [{ id: session.id, startedAt: session.startedAt, completedAt: session.completedAt }],
    ),
    now,
  });
}

/** Whether an `If-None-Match` header names the entity tag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
