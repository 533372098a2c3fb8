import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarSubscriptions } from '#server/db/schema.ts';
import { createSubscriptionRefresher } from '#server/features/calendar-subscriptions/subscription-refresher.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import type { CalendarSubscription } from '#shared/calendar-subscriptions.ts';
import { oneEventCalendar } from '#tests/factories/calendar-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { type CalendarHost, startCalendarHost } from '#tests/fakes/calendar-host.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * Once across servers: two refreshers, as two app instances run them (the same wiring as app.ts), claim from one
 * database at once, and each due subscription is fetched once — counted at the calendar host. The test app's own
 * refresher polled once at start, when nothing was due. On PGlite every statement goes through one connection,
 * so the claims interleave rather than contend; FOR UPDATE SKIP LOCKED is what PostgreSQL adds.
 */

let t: TestApp;
let host: CalendarHost;
const outbound = { extraAllowed: ['127.0.0.2'], extraPorts: [] as number[] };
const closing = new AbortController();
const COUNT = 12;

beforeAll(async () => {
  host = await startCalendarHost({ host: '127.0.0.2' });
  outbound.extraPorts.push(host.port);
  t = await buildTestApp({ media: { outbound } });
});
afterAll(async () => {
  closing.abort();
  await Promise.all([t?.close(), host?.close()]);
});

function instance() {
  return createSubscriptionRefresher({
    db: t.db,
    now: t.clock.now,
    logger: createLogger('silent'),
    outbound,
    closing: closing.signal,
    pollMs: 20,
  });
}

describe('the half-hourly refresh across two servers', () => {
  it('fetches each due subscription once, whichever server claims it', async () => {
    const ids: number[] = [];
    for (let n = 0; n < COUNT; n++) {
      const { cookie } = await signInMember(t);
      host.serve(`/cal-${n}.ics`, { body: oneEventCalendar(`Event ${n}`) });
      const answer = await t.request('/api/calendar/subscriptions', {
        method: 'POST',
        cookie,
        body: { url: host.url(`/cal-${n}.ics`) },
      });
      expect(answer.status).toBe(201);
      ids.push(((await answer.json()) as CalendarSubscription).id);
    }
    await t.db
      .update(calendarSubscriptions)
      .set({ nextRefreshAt: sql`now() - interval '1 minute'` })
      .where(inArray(calendarSubscriptions.id, ids));

    const servers = [instance(), instance()];
    await Promise.all(servers.map((server) => server.poll()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(servers.map((server) => server.idle()));

    for (let n = 0; n < COUNT; n++) expect(host.hits(`/cal-${n}.ics`)).toBe(2);
    const rows = await t.db
      .select()
      .from(calendarSubscriptions)
      .where(inArray(calendarSubscriptions.id, ids));
    for (const row of rows) {
      expect(row.refreshLeaseUntil).toBeNull();
      expect(row.nextRefreshAt.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    }
  });
});
