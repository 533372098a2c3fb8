import { rmSync } from 'node:fs';
import { Pool } from 'undici';
import { FAKE_FAL_KEY, startFakeFalServer } from '#tests/fakes/fal-server.ts';
import { FAKE_API_KEY, startFakeOpenAiServer } from '#tests/fakes/openai-compatible-server.ts';
import { startFakeOpenAlexServer } from '#tests/fakes/openalex-server.ts';
import { FAKE_STRAICO_API_KEY, startFakeStraicoServer } from '#tests/fakes/straico-server.ts';
import type { OpenApiDocument } from '#tests/setup/api-contract.ts';
import { signInOverHttp } from '#tests/setup/http-sign-in.ts';
import { rawExchange, statusesOf } from '#tests/setup/raw-http.ts';
import { routeMatrixOf } from '#tests/setup/route-matrix.ts';
import { startServerProcess } from '#tests/setup/server-process.ts';
import { type ChaosPart, errorCodeOf, resultOf, tempDir } from './chaos-kit.ts';
import { type HostileRequest, hostileRequest, type Identity, seededRandom } from './hostile-requests.ts';
import { listAppRoutes } from './route-list.ts';

/** A request with no answer after this long counts as a hang. */
const HANG_MS = 15_000;
const CONCURRENCY = 16;
const STACK_TRACE = /\bat .+\.(ts|js):\d+/;

type Tally = {
  sent: number;
  byStatus: Map<number, number>;
  serverErrors: string[];
  hangs: string[];
  resets: string[];
  /** Errors in our API shape missing, or a stack trace in a body. */
  badBodies: string[];
  clientErrors: string[];
};

/**
 * 100,000 bad requests (5,000 in CI) over every route of a real server process, made from the route list
 * (hostile-requests.ts), as an anonymous visitor and as two members, over kept-alive connections. Counts 5xx
 * answers, hangs, reset connections and error bodies not in the API's shape: each must be 0. Every AI provider
 * is a local fake, so a request that happens to be valid is served rather than refused as not configured.
 */
export const badRequests: ChaosPart = {
  name: 'bad-requests',
  async run(profile) {
    const total = Number(process.env.CHAOS_BAD_REQUESTS ?? (profile.short ? 5_000 : 100_000));
    const seed = Number(process.env.CHAOS_SEED ?? 20261125);
    const routes = await listAppRoutes();
    const [openRouter, straico, fal, openAlex] = await Promise.all([
      startFakeOpenAiServer(),
      startFakeStraicoServer(),
      startFakeFalServer(),
      startFakeOpenAlexServer(),
    ]);
    const dataDir = tempDir('bad-requests');
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      OPENROUTER_API_KEY: FAKE_API_KEY,
      OPENROUTER_BASE_URL: openRouter.baseUrl,
      STRAICO_API_KEY: FAKE_STRAICO_API_KEY,
      STRAICO_BASE_URL: straico.baseUrl,
      FAL_KEY: FAKE_FAL_KEY,
      FAL_QUEUE_URL: fal.queueUrl,
      FAL_BASE_URL: fal.origin,
      OPENALEX_BASE_URL: openAlex.baseUrl,
      AI_TIMEOUT_MS: '3000',
      UNSAFE_OUTBOUND_ALLOW: [openRouter, straico, fal].map((fake) => `127.0.0.1:${fake.port}`).join(','),
    });
    const pool = new Pool(server.url, {
      connections: CONCURRENCY,
      headersTimeout: HANG_MS,
      bodyTimeout: HANG_MS,
      pipelining: 1,
    });
    // Each route's valid example (tests/setup/route-matrix.ts), made from the document this server serves.
    const examples = routeMatrixOf(
      (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument,
    );
    const tally: Tally = {
      sent: 0,
      byStatus: new Map(),
      serverErrors: [],
      hangs: [],
      resets: [],
      badBodies: [],
      clientErrors: [],
    };
    const started = performance.now();
    try {
      const cookies: Record<Identity, string | undefined> = {
        anonymous: undefined,
        member: await signInOverHttp(server.url, { name: 'Chaos Member', email: 'chaos@example.test' }),
        other: await signInOverHttp(server.url, { name: 'Other Member', email: 'other@example.test' }),
      };
      const random = seededRandom(seed);
      let next = 0;
      const worker = async () => {
        while (next < total) {
          const index = next++;
          const request = hostileRequest(routes, examples, random);
          await send(request, index, { pool, port: server.port, cookies, origin: server.url, tally });
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    } finally {
      await pool.close().catch(() => {});
    }
    const seconds = (performance.now() - started) / 1000;
    const alive = server.child.exitCode === null && (await fetch(`${server.url}/healthz`)).ok;
    await server.stop();
    await Promise.all([openRouter.close(), straico.close(), fal.close(), openAlex.close()]);
    rmSync(dataDir, { recursive: true, force: true });

    const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b);
    const problems: string[] = [];
    const report = (label: string, items: string[]) => {
      if (items.length > 0) problems.push(`${items.length} ${label}, e.g. ${items.slice(0, 3).join(' | ')}`);
    };
    report('answers 5xx', tally.serverErrors);
    report('hangs', tally.hangs);
    report('reset connections', tally.resets);
    report('error bodies not in the API shape or with a stack trace', tally.badBodies);
    report('requests the client could not send', tally.clientErrors);
    if (!alive) problems.push('the server did not survive');
    return resultOf(
      'bad-requests',
      [
        ['routes (from the app)', routes.length],
        ['requests', tally.sent],
        ['seed', seed],
        ['rate', `${Math.round(tally.sent / seconds)} req/s`],
        ['statuses', statuses.map(([status, count]) => `${status}×${count}`).join(' ')],
        ['5xx', tally.serverErrors.length],
        ['hangs', tally.hangs.length],
        ['reset connections', tally.resets.length],
        ['bad error bodies', tally.badBodies.length],
        ['server alive', alive ? 'yes' : 'NO'],
      ],
      problems,
    );
  },
};

async function send(
  request: HostileRequest,
  index: number,
  context: {
    pool: Pool;
    port: number;
    cookies: Record<Identity, string | undefined>;
    origin: string;
    tally: Tally;
  },
): Promise<void> {
  const { tally } = context;
  tally.sent += 1;
  const label = `#${index} ${request.what}`;
  if (request.kind === 'raw') {
    const exchange = await rawExchange(context.port, [request.bytes(`127.0.0.1:${context.port}`)], {
      settleMs: 500,
    });
    const statuses = statusesOf(exchange.received);
    for (const status of statuses) count(tally, status);
    if (exchange.reset) tally.resets.push(`${label} (raw)`);
    if (statuses.some((status) => status >= 500)) tally.serverErrors.push(`${label} (raw): ${statuses}`);
    if (statuses.length === 0 && !exchange.closedByServer) tally.hangs.push(`${label} (raw): no answer`);
    return;
  }
  const cookie = context.cookies[request.identity];
  const headers: Record<string, string> = { ...request.headers };
  if (cookie && headers.cookie === undefined) headers.cookie = cookie;
  if (request.body !== undefined && headers.origin === undefined) headers.origin = context.origin;
  const described = `${label}: ${request.method} ${request.path.slice(0, 120)}`;
  try {
    const response = await context.pool.request({
      method: request.method as 'GET',
      path: request.path,
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    count(tally, response.statusCode);
    const type = String(response.headers['content-type'] ?? '');
    if (type.startsWith('text/event-stream')) {
      // A live stream never ends: its answer is the status; hang up.
      response.body.destroy();
      return;
    }
    const text = await response.body.text();
    if (response.statusCode >= 500)
      tally.serverErrors.push(`${described} -> ${response.statusCode} ${text.slice(0, 160)}`);
    if (STACK_TRACE.test(text)) tally.badBodies.push(`${described}: stack trace`);
    if (response.statusCode >= 400 && request.path.startsWith('/api') && errorCodeOf(text) === null)
      tally.badBodies.push(`${described} -> ${response.statusCode} ${text.slice(0, 80)}`);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    const message = `${described}: ${code} ${(error as Error).message}`;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') tally.hangs.push(message);
    else if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET')
      tally.resets.push(message);
    else tally.clientErrors.push(message);
  }
}

function count(tally: Tally, status: number): void {
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
}
