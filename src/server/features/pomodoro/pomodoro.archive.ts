import { asc, eq } from 'drizzle-orm';
import { pomodoroSessions } from '#server/db/schema.ts';
import { listArchiveAdapter, notAfter, samenessKey } from '#server/lib/data/archive-adapter.ts';
import { awardFourPomodorosIfEarned } from './pomodoro.service.ts';

/**
 * The member's focus sessions. On import each is added unless an exact copy is the member's already (lengths and
 * zones held by the schema to the timer route's), never dated later than the import; Four Pomodoros is earned
 * again from the days they fill.
 */
export const pomodoroArchive = listArchiveAdapter({
  kind: 'pomodoro_sessions',
  rows: (reader, memberId) =>
    reader
      .select()
      .from(pomodoroSessions)
      .where(eq(pomodoroSessions.userId, memberId))
      .orderBy(asc(pomodoroSessions.id)),
  describe: (row) => ({
    id: row.id,
    duration_minutes: row.durationMinutes,
    time_zone: row.timeZone,
    started_at: row.startedAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
  }),
  key: ({ id: _id, ...session }) => samenessKey(session),
  normalize(session, _index, { now }) {
    const at = notAfter(now);
    return {
      ...session,
      started_at: at(session.started_at).toISOString(),
      completed_at: session.completed_at === null ? null : at(session.completed_at).toISOString(),
    };
  },
  insert: (tx, memberId, chunk) =>
    tx.insert(pomodoroSessions).values(
      chunk.map((session) => ({
        userId: memberId,
        durationMinutes: session.duration_minutes,
        timeZone: session.time_zone,
        startedAt: new Date(session.started_at),
        completedAt: session.completed_at === null ? null : new Date(session.completed_at),
      })),
    ),
  async afterCommit(db, memberId, fresh, now) {
    if (fresh.some((session) => session.completed_at !== null))
      await awardFourPomodorosIfEarned(db, memberId, now);
  },
});
