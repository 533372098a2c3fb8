/**
 * The community at scale (quality bar "growth"): the same reads at 1,000 posts and at 1,000,000, through the real
 * server on PostgreSQL (DATABASE_URL names the server; a fresh database is made on it and dropped after). The
 * rows go in with SQL `generate_series` (INSERT … SELECT), consistent with every constraint and count: a few
 * thousand members (a third with a profile name), posts by all of them (one in 997 hidden by an operator), 0–4
 * likes and 0–2 comments a post (40 on one post in a thousand), `likes_count` and `comments_count` equal to the
 * rows. Measured at each size, one request at a time over keep-alive (ROUNDS rounds of REQUESTS, the median of
 * the rounds' p50 and p99): the feed's first page, the next pages by cursor (ten deep from the top), a page at a
 * random cursor anywhere in the feed, a post's comments (the post is checked visible first), the palette's search over the member's own titles,
 * the newest members and the sidebar's numbers. The bar: p99 at 1M ≤ 1.5 × p99 at 1k.
 * `DATABASE_URL=postgres://… node bench/community-scale.ts` (also `BENCH_ONLY=community npm run bench`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signInOverHttp } from '../tests/setup/http-sign-in.ts';
import { type ServerProcess, startServerProcess } from '../tests/setup/server-process.ts';
import { databaseUrlWithName, uniqueDatabaseName, withAdminClient } from '../tests/setup/test-database.ts';
import { pin } from './load.ts';
import { percentile } from './percentile.ts';

const MEMBERS = 3_000;
const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_COMMUNITY_POSTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_COMMUNITY_REQUESTS ?? 200);
const ROUNDS = 5;
const WARMUP = 30;
const PAGES_DEEP = 10;
/** Posts are 30 s apart, the newest a minute ago: a million reach back about a year. */
const POST_SPACING_S = 30;

type Timing = { p50: number; p99: number };

type Community = { server: ServerProcess; cookie: string; posts: number; seconds: number };

export async function measureCommunityScale(): Promise<string[]> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return ['Community at scale: skipped, it runs on PostgreSQL only (set DATABASE_URL).'];
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const small = await community(serverUrl, SMALL, cleanups);
    const large = await community(serverUrl, LARGE, cleanups);
    const [figures, counts] = await Promise.all([
      measureReads(small, large),
      withAdminClient(databaseUrlWithName(serverUrl, large.databaseName), (client) =>
        client.query<{ likes: string; comments: string }>(
          'SELECT (SELECT count(*) FROM post_likes) AS likes, (SELECT count(*) FROM post_comments) AS comments',
        ),
      ),
    ]);
    const totals = counts.rows[0];
    return [
      `Community at scale on PostgreSQL: ${MEMBERS.toLocaleString('en')} members; ${LARGE.toLocaleString('en')} ` +
        `posts, ${Number(totals?.likes).toLocaleString('en')} likes, ${Number(totals?.comments).toLocaleString('en')} ` +
        `comments seeded in ${large.seconds.toFixed(1)} s (1,000 posts in ${small.seconds.toFixed(1)} s); two servers, ` +
        `one per size, read one request at a time in alternating rounds (median of ${ROUNDS} rounds of ${REQUESTS}, of ${Math.ceil(REQUESTS / 10)} for the stats); ms`,
      `| ${'read'.padEnd(44)} | 1k p50 | 1k p99 | 1M p50 | 1M p99 | p99 1M ÷ 1k |`,
      `|${'-'.repeat(46)}|--------|--------|--------|--------|-------------|`,
      ...Object.entries(figures).map(([read, { small: a, large: b }]) => {
        const ratio = b.p99 / a.p99;
        return `| ${read.padEnd(44)} | ${f(a.p50)} | ${f(a.p99)} | ${f(b.p50)} | ${f(b.p99)} | ${ratio.toFixed(2).padStart(8)} ${ratio <= 1.5 ? '   ' : ' ✗ '}|`;
      }),
      'goal: p99 at 1M ≤ 1.5 × p99 at 1k for each read',
    ];
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

/** A fresh database on the server seeded with `posts` posts, and a Lumara server of its own on it. */
async function community(
  serverUrl: string,
  posts: number,
  cleanups: (() => Promise<void>)[],
): Promise<Community & { databaseName: string }> {
  const databaseName = uniqueDatabaseName('lumara_bench_community');
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
  cleanups.push(async () => {
    // BENCH_COMMUNITY_KEEP=1 leaves the seeded databases in place, to EXPLAIN their queries by hand.
    if (process.env.BENCH_COMMUNITY_KEEP === '1') console.log(`kept the database ${databaseName}`);
    else
      await withAdminClient(serverUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
      );
  });
  const url = databaseUrlWithName(serverUrl, databaseName);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-community-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  // The server migrates the fresh database as it starts.
  const server = await startServerProcess(
    { DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'development' },
    { timeoutMs: 120_000 },
  );
  cleanups.push(async () => void (await server.stop()));
  pin(server.child.pid, 0);
  const cookie = await signInOverHttp(server.url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await seedMembers(client);
    await seedPosts(client, posts);
    return { server, cookie, posts, seconds: (performance.now() - started) / 1000, databaseName };
  } finally {
    await client.end();
  }
}

const f = (ms: number) => ms.toFixed(1).padStart(6);

async function seedMembers(client: pg.Client): Promise<void> {
  await client.query(`
    INSERT INTO users (kind, email, email_verified, name, created_at, last_signed_in_at)
    SELECT 'member', 'member-' || g || '@example.test', true, 'Member ' || g,
           now() - make_interval(hours => ${MEMBERS} - g), now()
    FROM generate_series(1, ${MEMBERS}) AS g`);
  await client.query(`
    INSERT INTO profiles (user_id, display_name, updated_at)
    SELECT id, 'Shown ' || id, now() FROM users WHERE kind = 'member' AND id % 3 = 0
    ON CONFLICT (user_id) DO NOTHING`);
}

/**
 * Posts `from`..`to` with ids of their own (the sequence is moved past them after), so their likes and comments,
 * and the counts on the post, follow from the id alone. Every member, the bench member too, writes a share.
 */
async function seedPosts(client: pg.Client, posts: number): Promise<void> {
  const [from, to] = [1, posts];
  const members = `(SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n FROM users WHERE kind = 'member') AS m`;
  const likes = 'g % 5';
  const comments = 'CASE WHEN g % 1000 = 0 THEN 40 ELSE g % 3 END';
  const createdAt = `now() - make_interval(secs => (${posts} - g + 2) * ${POST_SPACING_S})`;
  await client.query('BEGIN');
  await client.query(`
    INSERT INTO community_posts (id, author_id, title, body, lang, likes_count, comments_count, hidden_at,
                                 created_at, updated_at)
    SELECT g, m.ids[1 + ((g::bigint * 7919) % m.n)::int],
           'Post ' || g || ' on ' || (ARRAY['focus', 'sleep', 'music', 'reading', 'running'])[1 + g % 5],
           'What I learnt from day ' || g || ' of keeping at it.', 'en',
           ${likes}, ${comments}, CASE WHEN g % 997 = 0 THEN now() END, ${createdAt}, ${createdAt}
    FROM generate_series(${from}, ${to}) AS g, ${members}`);
  // Like j of post g is by member (g·31 + j·997) mod n: distinct for j < 4, as 997·j mod n is for n ≈ 3,000.
  await client.query(`
    INSERT INTO post_likes (post_id, user_id, created_at)
    SELECT g, m.ids[1 + ((g::bigint * 31 + j * 997) % m.n)::int], ${createdAt} + make_interval(mins => j + 1)
    FROM generate_series(${from}, ${to}) AS g, ${members}, generate_series(0, 3) AS j
    WHERE j < ${likes}`);
  await client.query(`
    INSERT INTO post_comments (post_id, author_id, body, created_at)
    SELECT g, m.ids[1 + ((g::bigint * 13 + j * 101) % m.n)::int], 'Comment ' || j || ' on post ' || g,
           ${createdAt} + make_interval(mins => j + 1)
    FROM generate_series(${from}, ${to}) AS g, ${members}, generate_series(0, 39) AS j
    WHERE j < ${comments}`);
  await client.query(`SELECT setval('community_posts_id_seq', ${to})`);
  await client.query('COMMIT');
  await client.query('VACUUM ANALYZE users, profiles, community_posts, post_likes, post_comments');
  // The load's dirty pages written out now, not by a checkpoint in the middle of the measured reads.
  await client.query('CHECKPOINT').catch(() => {});
}

/** The reads a community page makes, each the same way on both sizes, timed in rounds that alternate sizes. */
async function measureReads(
  small: Community,
  large: Community,
): Promise<Record<string, { small: Timing; large: Timing }>> {
  const get = async (side: Community, route: string) => {
    const response = await fetch(`${side.server.url}${route}`, { headers: { cookie: side.cookie } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`GET ${route}: ${response.status} ${body.slice(0, 200)}`);
    return body;
  };
  // A post with comments, visible: ids ≡ 1 or 2 (mod 3) have 1–2 comments; none of them is a multiple of 997.
  const postWithComments = (posts: number, i: number) => {
    let id = 1 + ((i * 7_919) % posts);
    while (id % 3 === 0 || id % 997 === 0) id = id === 1 ? 2 : id - 1;
    return id;
  };
  // The cursors a member scrolling down from the top follows.
  const walked = new Map<Community, string[]>();
  for (const side of [small, large]) {
    const routes: string[] = [];
    let cursor: number | null = null;
    for (let page = 0; page < PAGES_DEEP; page++) {
      const body = JSON.parse(
        await get(side, `/api/community/posts${cursor ? `?cursor=${cursor}` : ''}`),
      ) as {
        nextCursor: number | null;
      };
      cursor = body.nextCursor;
      if (cursor === null) break;
      routes.push(`/api/community/posts?cursor=${cursor}`);
    }
    walked.set(side, routes);
  }
  const reads: Record<string, (side: Community, i: number) => string> = {
    'GET /api/community/posts (first page)': () => '/api/community/posts',
    [`  … next pages by cursor (1–${PAGES_DEEP} deep)`]: (side, i) => {
      const routes = walked.get(side) ?? [];
      return routes[i % routes.length] as string;
    },
    '  … a page at a random cursor': (side, i) =>
      `/api/community/posts?cursor=${2 + ((i * 104_729) % side.posts)}`,
    'GET /api/community/posts/{id}/comments': (side, i) =>
      `/api/community/posts/${postWithComments(side.posts, i)}/comments`,
    'GET /api/search?q=focus (own titles)': () => '/api/search?q=focus',
    'GET /api/community/members?limit=5': () => '/api/community/members?limit=5',
    'GET /api/community/stats': () => '/api/community/stats',
  };
  const result: Record<string, { small: Timing; large: Timing }> = {};
  for (const [name, route] of Object.entries(reads)) {
    const rounds = new Map<Community, Timing[]>([
      [small, []],
      [large, []],
    ]);
    for (const side of [small, large]) for (let i = 0; i < WARMUP; i++) await get(side, route(side, i));
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? [small, large] : [large, small]) {
        const times: number[] = [];
        // The sidebar's numbers still count every post (see the table's note): fewer of them, or this part takes ages.
        const requests = name.endsWith('/stats') ? Math.ceil(REQUESTS / 10) : REQUESTS;
        for (let i = 0; i < requests; i++) {
          const path = route(side, round * requests + i);
          const started = performance.now();
          await get(side, path);
          times.push(performance.now() - started);
        }
        rounds.get(side)?.push({ p50: percentile(times, 50), p99: percentile(times, 99) });
      }
    }
    const median = (side: Community): Timing => {
      const timings = rounds.get(side) ?? [];
      return {
        p50: percentile(
          timings.map((t) => t.p50),
          50,
        ),
        p99: percentile(
          timings.map((t) => t.p99),
          50,
        ),
      };
    };
    result[name] = { small: median(small), large: median(large) };
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await measureCommunityScale()).join('\n'));
}
