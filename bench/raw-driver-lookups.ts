/**
 * The database ceiling's look-ups (authenticated reads), run straight through the `pg` driver on the database
 * Lumara uses, opened as Lumara opens it, with the same pool size: PostgreSQL (RAW_DATABASE_URL) or the embedded
 * one in RAW_DATA_DIR. Lumara's rate is reported as a fraction of theirs, measured in the same run, both behind
 * a bare node:http server (bench/raw-driver-server.ts) and with no HTTP at all (bench/raw-driver-loop.ts).
 * The statements are Lumara's own texts:
 * - `/me`: the session look-up (`FIND_SESSION_SQL`), then the member as JSON.
 * - `/tasks`: the session look-up, which reads the task list's version too, then the list built as JSON by the
 *   database (`LIST_TASKS_SQL`); with `If-None-Match` naming the version, 304 after the session look-up.
 */
import { createHash } from 'node:crypto';
import { openDatabase } from '#server/db/database.ts';
import { FIND_SESSION_SQL, type SessionRow } from '#server/features/auth/sessions.service.ts';
import { LIST_TASKS_SQL } from '#server/features/tasks/tasks.service.ts';

export type RawAnswer = { status: number; body: string; headers?: Record<string, string> };
export type RawRequest = { path: string; cookie?: string | undefined; ifNoneMatch?: string | undefined };

export const database = await openDatabase(
  process.env.RAW_DATABASE_URL
    ? { kind: 'postgres', url: process.env.RAW_DATABASE_URL, poolMax: 10 }
    : { kind: 'embedded', dataDir: process.env.RAW_DATA_DIR ?? '', poolMax: 10 },
);
const pool = database.pool;

async function memberOf(cookie: string | undefined): Promise<SessionRow | null> {
  const token = /(?:^|;\s*)lumara_session=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!token) return null;
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query<SessionRow>(FIND_SESSION_SQL, [hash]);
  return rows[0] ?? null;
}

/** What a repeat read that changed nothing costs the database: the session look-up, which reads the version. */
export async function repeatReadCost(cookie: string | undefined): Promise<{ msPerRead: number }> {
  const rounds = 500;
  const started = performance.now();
  for (let n = 0; n < rounds; n++) await memberOf(cookie);
  return { msPerRead: (performance.now() - started) / rounds };
}

/** The answer to one request, as Lumara's route would give it. */
export async function answerOf(request: RawRequest): Promise<RawAnswer> {
  const member = await memberOf(request.cookie);
  if (!member) return { status: 401, body: '{"error":{"code":"unauthenticated"}}' };
  if (request.path === '/repeat-read-cost')
    return { status: 200, body: JSON.stringify(await repeatReadCost(request.cookie)) };
  if (request.path === '/me') {
    return {
      status: 200,
      body: JSON.stringify({
        id: member.id,
        email: member.email,
        created_at: member.created_at.toISOString(),
        last_signed_in_at: member.last_signed_in_at.toISOString(),
        google_user_data: { name: member.name, picture: member.picture },
      }),
    };
  }
  const etag = `W/"tasks-${member.id}-${member.tasks_version}"`;
  if (request.ifNoneMatch === etag) return { status: 304, body: '', headers: { etag } };
  const list = await pool.query<{ body: string }>(LIST_TASKS_SQL, [member.id]);
  return { status: 200, body: list.rows[0]?.body ?? '[]', headers: { etag } };
}
