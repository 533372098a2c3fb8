/**
 * The calendar feed of a member with 10,000 dated tasks (a tenth repeating, a third timed, notes on half) and 200
 * focus sessions of the last 30 days, on a fresh embedded database in memory, seeded straight into the tables:
 * the time to build the feed (its three queries and the text) and to make its ETag (one query of versions) over 20
 * reads after 3 warm-up reads, p50 and p99, the body's size, and one read answered by the app's own route, then
 * its 304.
 * Prints figures, asserts nothing; needs no build. `node bench/calendar-feed.ts`, or BENCH_ONLY=feed.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/database.ts';
import { calendarFeeds, pomodoroSessions, tasks, users } from '../src/server/db/schema.ts';
import { createCalendarFeedFile } from '../src/server/features/calendar-feed/calendar-feed.routes.ts';
import {
  buildMemberFeed,
  DEFAULT_FEED_KEY,
  feedEtag,
  replaceCalendarFeed,
} from '../src/server/features/calendar-feed/calendar-feed.service.ts';
import { percentile } from './percentile.ts';

const TASKS = 10_000;
const SESSIONS = 200;
const READS = 20;
const WARM_UP = 3;
const BATCH = 1_000;

function day(offset: number): string {
  return new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
}

export async function measureCalendarFeed(): Promise<string[]> {
  const database = await openDatabase({ kind: 'embedded', dataDir: null, poolMax: 4 });
  try {
    await database.migrate();
    const { db } = database;
    const [member] = await db
      .insert(users)
      .values({ email: 'feed-bench@example.test', name: 'Feed bench' })
      .returning({ id: users.id });
    const userId = member?.id ?? 0;
    const now = new Date('2026-11-22T09:00:00Z');
    const zones = ['America/New_York', 'Europe/Madrid', 'America/Santiago'];
    for (let start = 0; start < TASKS; start += BATCH) {
      await db.insert(tasks).values(
        Array.from({ length: Math.min(BATCH, TASKS - start) }, (_, offset) => {
          const n = start + offset;
          return {
            userId,
            title: `Task ${n}: write, check; send \\ done`,
            dueDate: day(n % 730),
            dueTime: n % 3 === 0 ? `${String(8 + (n % 10)).padStart(2, '0')}:30` : null,
            repeat: n % 10 === 0 ? 'FREQ=WEEKLY;BYDAY=MO,WE' : null,
            notes:
              n % 2 === 0
                ? `Notes for task ${n}.\nSecond line with ünïcödé and a long tail ${'x'.repeat(80)}`
                : null,
            timeZone: zones[n % zones.length] ?? 'UTC',
            position: n,
          };
        }),
      );
    }
    await db.insert(pomodoroSessions).values(
      Array.from({ length: SESSIONS }, (_, n) => {
        const startedAt = new Date(now.getTime() - (n + 1) * 3 * 60 * 60_000);
        return {
          userId,
          durationMinutes: 25,
          startedAt,
          completedAt: new Date(startedAt.getTime() + 25 * 60_000),
        };
      }),
    );
    const appUrl = new URL('https://lumara.example');
    const settings = { db, appUrl, key: DEFAULT_FEED_KEY, now: () => now };

    const timings: number[] = [];
    const tagTimings: number[] = [];
    let size = 0;
    for (let read = 0; read < WARM_UP + READS; read++) {
      let started = performance.now();
      await feedEtag(settings, userId, now);
      const tagMs = performance.now() - started;
      started = performance.now();
      const text = await buildMemberFeed(settings, userId, now);
      const ms = performance.now() - started;
      if (read >= WARM_UP) {
        timings.push(ms);
        tagTimings.push(tagMs);
      }
      size = Buffer.byteLength(text);
    }

    const { url } = await replaceCalendarFeed(settings, userId);
    const app = createCalendarFeedFile({ db, appUrl, now: () => now });
    const path = new URL(url ?? '').pathname;
    let started = performance.now();
    const full = await app.request(path);
    const body = await full.text();
    const fullMs = performance.now() - started;
    started = performance.now();
    const again = await app.request(path, { headers: { 'if-none-match': full.headers.get('etag') ?? '' } });
    const revalidateMs = performance.now() - started;
    await db.delete(calendarFeeds);

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return [
      `Calendar feed: ${TASKS.toLocaleString('en')} dated tasks, ${SESSIONS} focus sessions (embedded database, in memory)`,
      `  build (3 queries and the text) over ${READS} reads: p50 ${ms(percentile(timings, 50))}, p99 ${ms(percentile(timings, 99))}`,
      `  ETag (1 query of versions): p50 ${ms(percentile(tagTimings, 50))}, p99 ${ms(percentile(tagTimings, 99))}`,
      `  body: ${(size / 1024 / 1024).toFixed(2)} MiB (${size.toLocaleString('en')} bytes), ${body.split('BEGIN:VEVENT').length - 1} events`,
      `  over the route: 200 in ${ms(fullMs)}, If-None-Match ${again.status} in ${ms(revalidateMs)}`,
    ];
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await measureCalendarFeed()).join('\n'));
}
