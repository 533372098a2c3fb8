import { asc, eq } from 'drizzle-orm';
import { pomodoroSessions } from '#server/db/schema.ts';
import {
  type ArchiveAdapter,
  insertInChunks,
  notAfter,
  notYetHeld,
  samenessKey,
} from '#server/lib/archive-adapter.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';
import { awardFourPomodorosIfEarned } from './pomodoro.service.ts';

type ArchiveSession = ArchiveContents['pomodoro_sessions'][number];

const sessionKey = ({ id: _id, ...session }: ArchiveSession) => samenessKey(session);

function describe(row: typeof pomodoroSessions.$inferSelect): ArchiveSession {
  return {
    id: row.id,
    duration_minutes: row.durationMinutes,
    time_zone: row.timeZone,
    started_at: row.startedAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/**
 * The member's focus sessions. On import each is added unless an exact copy is the member's already (lengths and
 * zones held by the schema to the timer route's), never dated later than the import; Four Pomodoros is earned
 * again from the days they fill.
 */
export const pomodoroArchive: ArchiveAdapter = {
  kinds: ['pomodoro_sessions'],
  async collect(tx, memberId) {
    const rows = await tx
      .select()
      .from(pomodoroSessions)
      .where(eq(pomodoroSessions.userId, memberId))
      .orderBy(asc(pomodoroSessions.id));
    return { contents: { pomodoro_sessions: rows.map(describe) }, files: [] };
  },
  async plan(reader, { memberId, contents, now }) {
    const at = notAfter(now);
    const archived = contents.pomodoro_sessions.map((session) => ({
      ...session,
      started_at: at(session.started_at).toISOString(),
      completed_at: session.completed_at === null ? null : at(session.completed_at).toISOString(),
    }));
    const held = await reader.select().from(pomodoroSessions).where(eq(pomodoroSessions.userId, memberId));
    const fresh = notYetHeld(archived, held.map(describe).map(sessionKey), sessionKey);
    return {
      adds: { pomodoro_sessions: fresh.length },
      files: [],
      async write(tx) {
        await insertInChunks(fresh, (chunk) =>
          tx.insert(pomodoroSessions).values(
            chunk.map((session) => ({
              userId: memberId,
              durationMinutes: session.duration_minutes,
              timeZone: session.time_zone,
              startedAt: new Date(session.started_at),
              completedAt: session.completed_at === null ? null : new Date(session.completed_at),
            })),
          ),
        );
      },
      async afterCommit(db) {
        if (fresh.some((session) => session.completed_at !== null))
          await awardFourPomodorosIfEarned(db, memberId, now);
      },
    };
  },
};
