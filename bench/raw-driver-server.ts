/**
 * The database ceiling (authenticated reads): a bare node:http server that runs the same
 * look-ups as Lumara's route straight through the `pg` driver, on the same database, and answers the same JSON.
 * Lumara's rate is reported as a fraction of this one, measured in the same run. Its database is PostgreSQL
 * (RAW_DATABASE_URL) or the embedded one in RAW_DATA_DIR, opened as Lumara opens it, with the same pool size.
 * - `GET /me`: the session look-up (`FIND_SESSION_SQL`, Lumara's own text), then the member as JSON.
 * - `GET /tasks`: the session look-up, the task list's version, then the list built as JSON by the database;
 *   with `If-None-Match` naming the version, 304 after the first two.
 * - `GET /repeat-read-cost`: what a repeat read that changed nothing costs the database (the session look-up and
 *   the version, 500 times one after the other), in milliseconds per read, round trips included.
 * Prints `{"port":…}` once listening; SIGTERM stops it.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { openDatabase } from '#server/db/database.ts';
import { FIND_SESSION_SQL, type SessionRow } from '#server/features/auth/sessions.service.ts';

const TASK_VERSION_SQL = 'SELECT tasks_version FROM users WHERE id = $1';
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const TASK_LIST_SQL = `SELECT coalesce(json_agg(json_build_object(
    'id', id, 'title', title, 'status', status, 'labels', labels, 'due_date', due_date, 'position', position,
    'created_at', ${iso('created_at')}, 'completed_at', ${iso('completed_at')}
  ) ORDER BY position, id DESC), '[]'::json)::text AS body
  FROM tasks WHERE user_id = $1 AND deleted_at IS NULL`;

const database = await openDatabase(
  process.env.RAW_DATABASE_URL
    ? { kind: 'postgres', url: process.env.RAW_DATABASE_URL, poolMax: 10 }
    : { kind: 'embedded', dataDir: process.env.RAW_DATA_DIR ?? '', poolMax: 10 },
);
const pool = database.pool;

async function memberOf(request: http.IncomingMessage): Promise<SessionRow | null> {
  const token = /(?:^|;\s*)lumara_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query<SessionRow>(FIND_SESSION_SQL, [hash]);
  return rows[0] ?? null;
}

async function repeatReadCost(request: http.IncomingMessage): Promise<{ msPerRead: number }> {
  const rounds = 500;
  const started = performance.now();
  for (let n = 0; n < rounds; n++) {
    const member = await memberOf(request);
    await pool.query(TASK_VERSION_SQL, [member?.id ?? 0]);
  }
  return { msPerRead: (performance.now() - started) / rounds };
}

const server = http.createServer((request, response) => {
  void (async () => {
    const member = await memberOf(request);
    if (!member) return answer(response, 401, '{"error":{"code":"unauthenticated"}}');
    if (request.url === '/repeat-read-cost')
      return answer(response, 200, JSON.stringify(await repeatReadCost(request)));
    if (request.url === '/me') {
      return answer(
        response,
        200,
        JSON.stringify({
          id: member.id,
          email: member.email,
          created_at: member.created_at.toISOString(),
          last_signed_in_at: member.last_signed_in_at.toISOString(),
          google_user_data: { name: member.name, picture: member.picture },
        }),
      );
    }
    const { rows } = await pool.query<{ tasks_version: string }>(TASK_VERSION_SQL, [member.id]);
    const etag = `W/"tasks-${member.id}-${rows[0]?.tasks_version ?? 0}"`;
    if (request.headers['if-none-match'] === etag) return answer(response, 304, '', { etag });
    const list = await pool.query<{ body: string }>(TASK_LIST_SQL, [member.id]);
    return answer(response, 200, list.rows[0]?.body ?? '[]', { etag });
  })().catch((error: unknown) => answer(response, 500, JSON.stringify({ error: String(error) })));
});

function answer(
  response: http.ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))));
