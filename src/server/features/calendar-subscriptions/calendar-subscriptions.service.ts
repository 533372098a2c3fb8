import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { type DbTransaction, lockMemberRow } from '#server/db/member-lock.ts';
import { calendarSubscriptionEvents, calendarSubscriptions } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import {
  CALENDAR_SUBSCRIPTION_LIMITS,
  type CalendarSubscription,
  type CalendarSubscriptionList,
  type CreateCalendarSubscription,
  calendarSubscriptionColors,
  calendarSubscriptionErrorSchema,
  fetchableCalendarUrl,
} from '#shared/calendar-subscriptions.ts';
import { type CalendarFetchDeps, CalendarFetchError, fetchCalendar } from './calendar-fetch.ts';
import { type ExpandedEvent, expandCalendar, NotACalendarError } from './ical-expand.ts';
import {
  type ClaimedSubscription,
  claimSubscription,
  heldLease,
  refreshAfter,
} from './subscription-claim.ts';

export type SubscriptionDeps = CalendarFetchDeps & { db: Db; now: () => Date; logger: Logger };

const DAY_MS = 24 * 60 * 60_000;
export const REFRESH_EVERY_MS = CALENDAR_SUBSCRIPTION_LIMITS.refreshEveryMinutes * 60_000;
/** How long a claim holds a subscription: longer than a fetch (20 s) and its expansion take. */
export const REFRESH_LEASE_MS = 2 * 60_000;
const INSERT_BATCH = 500;

const subscriptionColumns = {
  id: calendarSubscriptions.id,
  url: calendarSubscriptions.url,
  name: calendarSubscriptions.name,
  color: calendarSubscriptions.color,
  lastFetchedAt: calendarSubscriptions.lastFetchedAt,
  lastError: calendarSubscriptions.lastError,
  lastErrorAt: calendarSubscriptions.lastErrorAt,
  createdAt: calendarSubscriptions.createdAt,
  // Spelled out: drizzle leaves a column in a select unqualified, which inside this subquery would mean the event's.
  eventCount: sql<number>`(SELECT count(*)::integer FROM calendar_subscription_events AS counted
    WHERE counted.subscription_id = calendar_subscriptions.id)`,
};

type SubscriptionRow = {
  id: number;
  url: string;
  name: string;
  color: string;
  lastFetchedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  createdAt: Date;
  eventCount: number;
};

function present(row: SubscriptionRow): CalendarSubscription {
  const error = calendarSubscriptionErrorSchema.safeParse(row.lastError);
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    color: row.color,
    last_fetched_at: row.lastFetchedAt?.toISOString() ?? null,
    last_error: row.lastError === null ? null : error.success ? error.data : 'unreachable',
    last_error_at: row.lastErrorAt?.toISOString() ?? null,
    event_count: Number(row.eventCount),
    created_at: row.createdAt.toISOString(),
  };
}

/** The member's subscriptions, oldest first (the order they were added). */
export async function listSubscriptions(db: Db, userId: number): Promise<CalendarSubscriptionList> {
  const rows = await db
    .select(subscriptionColumns)
    .from(calendarSubscriptions)
    .where(eq(calendarSubscriptions.userId, userId))
    .orderBy(asc(calendarSubscriptions.createdAt), asc(calendarSubscriptions.id));
  return { subscriptions: rows.map(present) };
}

async function readSubscription(db: Db, userId: number, id: number): Promise<CalendarSubscription> {
  const [row] = await db
    .select(subscriptionColumns)
    .from(calendarSubscriptions)
    .where(and(eq(calendarSubscriptions.id, id), eq(calendarSubscriptions.userId, userId)));
  if (!row) throw notFound('calendarSubscription');
  return present(row);
}

/**
 * The https address a member's link is fetched at. `webcal:` is https; plain http only for an address the
 * configuration lets the safe fetch reach (`UNSAFE_OUTBOUND_ALLOW`: tests and local development), since a
 * calendar often carries a private schedule and a link without TLS gives it to anyone on the way.
 */
function addressOf(deps: CalendarFetchDeps, link: string): string {
  const fetchable = fetchableCalendarUrl(link);
  let url: URL;
  try {
    url = new URL(fetchable);
  } catch {
    throw httpsOnly();
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'https:' || (url.protocol === 'http:' && deps.outbound.extraAllowed.includes(host))) {
    url.hash = '';
    return url.href;
  }
  throw httpsOnly();
}

const httpsOnly = () =>
  new AppError('validation_failed', say('server.calendarSubscriptions.httpsOnly'), {
    fields: { url: say('server.calendarSubscriptions.httpsOnly') },
  });

const tooMany = () =>
  new AppError(
    'conflict',
    say('server.calendarSubscriptions.tooMany', { max: CALENDAR_SUBSCRIPTION_LIMITS.perMember }),
  );
const duplicate = () => new AppError('conflict', say('server.calendarSubscriptions.duplicate'));

/** The window occurrences are kept for, around an instant. */
function windowAround(now: Date): { from: Date; until: Date } {
  return {
    from: new Date(now.getTime() - CALENDAR_SUBSCRIPTION_LIMITS.windowDaysBack * DAY_MS),
    until: new Date(now.getTime() + CALENDAR_SUBSCRIPTION_LIMITS.windowDaysAhead * DAY_MS),
  };
}

function expand(text: string, now: Date) {
  return expandCalendar(text, windowAround(now), {
    maxOccurrences: CALENDAR_SUBSCRIPTION_LIMITS.occurrencesMax,
    titleMax: CALENDAR_SUBSCRIPTION_LIMITS.titleMax,
  });
}

/** A failed first fetch as the 4xx the member reads on the form's link field. */
function refusalOf(error: CalendarFetchError | NotACalendarError): AppError {
  if (error instanceof NotACalendarError) {
    return new AppError('validation_failed', say('server.calendarSubscriptions.notCalendar'), {
      fields: { url: say('server.calendarSubscriptions.notCalendar') },
    });
  }
  if (error.kind === 'too_large') {
    return new AppError(
      'payload_too_large',
      say('server.fetch.fileTooLarge', { bytes: CALENDAR_SUBSCRIPTION_LIMITS.maxBytes }),
    );
  }
  const reason =
    error.refusal?.message ??
    (error.kind === 'timeout'
      ? say('server.fetch.timeout')
      : error.status !== undefined
        ? say('server.calendarSubscriptions.status', { status: error.status })
        : say('server.fetch.unreachable'));
  const message = say('server.calendarSubscriptions.unreachable', { reason });
  return new AppError(error.kind === 'refused' ? 'bad_request' : 'validation_failed', message, {
    fields: { url: message },
  });
}

/**
 * `POST /api/calendar/subscriptions`: fetches the calendar at once and keeps it with its occurrences only when it
 * is one; a link that cannot be reached, is refused or is no calendar answers 4xx with nothing kept. At most
 * `perMember` subscriptions, one per address.
 */
export async function addSubscription(
  deps: SubscriptionDeps,
  userId: number,
  input: CreateCalendarSubscription,
): Promise<CalendarSubscription> {
  const url = addressOf(deps, input.url);
  const existing = await deps.db
    .select({ url: calendarSubscriptions.url })
    .from(calendarSubscriptions)
    .where(eq(calendarSubscriptions.userId, userId));
  if (existing.some((row) => row.url === url)) throw duplicate();
  if (existing.length >= CALENDAR_SUBSCRIPTION_LIMITS.perMember) throw tooMany();

  let fetched: Extract<Awaited<ReturnType<typeof fetchCalendar>>, { kind: 'fetched' }>;
  let calendar: ReturnType<typeof expand>;
  const now = deps.now();
  try {
    const answer = await fetchCalendar(deps, url);
    if (answer.kind !== 'fetched') throw new CalendarFetchError('unreachable', 304);
    fetched = answer;
    calendar = expand(answer.text, now);
  } catch (error) {
    if (error instanceof CalendarFetchError || error instanceof NotACalendarError) throw refusalOf(error);
    throw error;
  }

  const id = await deps.db.transaction(async (tx) => {
    // Counted again under the member's lock: two adds at once cannot both see room for one more.
    await lockMemberRow(tx, userId);
    const [held] = await tx
      .select({ count: count() })
      .from(calendarSubscriptions)
      .where(eq(calendarSubscriptions.userId, userId));
    if ((held?.count ?? 0) >= CALENDAR_SUBSCRIPTION_LIMITS.perMember) throw tooMany();
    const [row] = await tx
      .insert(calendarSubscriptions)
      .values({
        userId,
        url,
        name:
          input.name ??
          calendar.name?.slice(0, CALENDAR_SUBSCRIPTION_LIMITS.nameMax) ??
          new URL(url).hostname,
        color:
          input.color ??
          calendarSubscriptionColors[(held?.count ?? 0) % calendarSubscriptionColors.length] ??
          calendarSubscriptionColors[0],
        etag: fetched.etag,
        lastModified: fetched.lastModified,
        lastFetchedAt: now,
        nextRefreshAt: refreshAfter(REFRESH_EVERY_MS),
      })
      .onConflictDoNothing({ target: [calendarSubscriptions.userId, calendarSubscriptions.url] })
      .returning({ id: calendarSubscriptions.id });
    if (!row) throw duplicate();
    await insertEvents(tx, row.id, userId, calendar.events);
    return row.id;
  });
  return readSubscription(deps.db, userId, id);
}

/** `DELETE /api/calendar/subscriptions/{id}`: the subscription and its events (they cascade). */
export async function deleteSubscription(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(calendarSubscriptions)
    .where(and(eq(calendarSubscriptions.id, id), eq(calendarSubscriptions.userId, userId)))
    .returning({ id: calendarSubscriptions.id });
  if (deleted.length === 0) throw notFound('calendarSubscription');
}

/**
 * `POST /api/calendar/subscriptions/{id}/refresh`: fetches it now (a refresh ends as a half-hourly one does),
 * and answers it as it then stands. When another server is refreshing it at this moment, that refresh is the one.
 */
export async function refreshSubscriptionNow(
  deps: SubscriptionDeps,
  userId: number,
  id: number,
): Promise<CalendarSubscription> {
  const claim = await claimSubscription(deps.db, userId, id, REFRESH_LEASE_MS);
  if (claim) await refreshClaimed(deps, claim);
  return readSubscription(deps.db, userId, id);
}

/**
 * Refreshes a claimed subscription: a conditional fetch (304 keeps the events), a new copy replacing its events
 * in one transaction, or a failure recorded (`last_error`) with the last good events kept. Every write holds the
 * lease; the next refresh falls due in 30 minutes whatever happened.
 */
export async function refreshClaimed(deps: SubscriptionDeps, claim: ClaimedSubscription): Promise<void> {
  const { db } = deps;
  const done = { refreshLeaseUntil: null, nextRefreshAt: refreshAfter(REFRESH_EVERY_MS) };
  try {
    const answer = await fetchCalendar(deps, claim.url, {
      etag: claim.etag,
      lastModified: claim.lastModified,
    });
    const now = deps.now();
    if (answer.kind === 'unchanged') {
      await db
        .update(calendarSubscriptions)
        .set({ ...done, lastFetchedAt: now, lastError: null, lastErrorAt: null })
        .where(heldLease(claim));
      return;
    }
    const calendar = expand(answer.text, now);
    await db.transaction(async (tx) => {
      const [held] = await tx
        .select({ id: calendarSubscriptions.id })
        .from(calendarSubscriptions)
        .where(heldLease(claim))
        .for('update');
      // Removed meanwhile, or the lease ran out and another server took it: that server's copy stands.
      if (!held) return;
      await tx
        .delete(calendarSubscriptionEvents)
        .where(eq(calendarSubscriptionEvents.subscriptionId, claim.id));
      await insertEvents(tx, claim.id, claim.userId, calendar.events);
      await tx
        .update(calendarSubscriptions)
        .set({
          ...done,
          etag: answer.etag,
          lastModified: answer.lastModified,
          lastFetchedAt: now,
          lastError: null,
          lastErrorAt: null,
        })
        .where(heldLease(claim));
    });
  } catch (error) {
    const kind =
      error instanceof CalendarFetchError
        ? error.kind
        : error instanceof NotACalendarError
          ? 'not_calendar'
          : null;
    if (!kind) {
      // Not the calendar's fault (the database went away): the lease brings it back for another try.
      deps.logger.warn(
        { subscriptionId: claim.id, err: error instanceof Error ? error.message : String(error) },
        'refreshing a calendar subscription failed',
      );
      return;
    }
    await db
      .update(calendarSubscriptions)
      .set({ ...done, lastError: kind, lastErrorAt: deps.now() })
      .where(heldLease(claim));
  }
}

async function insertEvents(
  tx: DbTransaction,
  subscriptionId: number,
  userId: number,
  events: readonly ExpandedEvent[],
): Promise<void> {
  for (let at = 0; at < events.length; at += INSERT_BATCH) {
    await tx.insert(calendarSubscriptionEvents).values(
      events.slice(at, at + INSERT_BATCH).map((event) => ({
        subscriptionId,
        userId,
        uid: event.uid.slice(0, 500),
        title: event.title,
        allDay: event.allDay,
        ...(event.allDay
          ? { startDay: event.startDay, endDay: event.endDay }
          : { startsAt: event.startsAt, endsAt: event.endsAt }),
      })),
    );
  }
}
