import type http from 'node:http';
import { startTestServer, type TestServer } from '#tests/fakes/canary-server.ts';
import { readBody } from '#tests/fakes/fake-http.ts';
import type { FakeFalServer } from '#tests/fakes/fal-server.ts';

/**
 * Stands in front of the fake fal queue (servers get its origin as `FAL_QUEUE_URL`) and can leave status polls
 * unanswered, so a test knows a server is in the middle of a step, holding its job's lease, when it kills it.
 * The fake answers fast, so without this a kill lands between steps, where the job is let go and no lease runs
 * out. Everything else passes through to the fake, which records and counts it; the fake's own origin in its JSON
 * answers (fal's request URLs, output links) is rewritten to the gate's, so the servers' later calls, which follow
 * the stored URLs, come through the gate too.
 */
export type FalGate = TestServer & {
  /** From now on, status polls are held: never forwarded, never answered (their caller is meant to die). */
  holdStatusPolls(): void;
  /** Lets later status polls through again; polls already held stay held. */
  passStatusPolls(): void;
  /** Resolves as soon as a status poll is held (at once if one already is). */
  heldPoll(): Promise<void>;
  /** How many status polls were held so far. */
  heldPolls(): number;
};

/** Request headers the fake reads; the rest (host, connection, content-length) belong to each hop. */
const FORWARDED_HEADERS = ['authorization', 'accept', 'content-type'];
/** Answer headers a fal client reads. */
const ANSWERED_HEADERS = ['content-type', 'retry-after', 'x-fal-request-id', 'x-fal-error-type'];

export async function startFalGate(fal: FakeFalServer): Promise<FalGate> {
  let holding = false;
  let held = 0;
  const waiting = new Set<() => void>();
  // Set right after listening, before any request can arrive.
  let origin = '';

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readBody(req);
    const path = req.url ?? '/';
    if (holding && req.method === 'GET' && path.endsWith('/status')) {
      held += 1;
      for (const wake of waiting) wake();
      waiting.clear();
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(`${fal.origin}${path}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body ? { body } : {}),
    });
    const type = answer.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await answer.arrayBuffer());
    const out = type.includes('json')
      ? Buffer.from(bytes.toString('utf8').replaceAll(fal.origin, origin))
      : bytes;
    const answered: Record<string, string> = {};
    for (const name of ANSWERED_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) answered[name] = value;
    }
    res.writeHead(answer.status, answered);
    res.end(out);
  }

  const server = await startTestServer(
    (req, res) => {
      void handle(req, res).catch(() => {
        // The fake unreachable: answer as a broken upstream would rather than leave the caller hanging.
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
    },
    { host: fal.host },
  );
  origin = server.origin;

  return {
    ...server,
    holdStatusPolls: () => {
      holding = true;
    },
    passStatusPolls: () => {
      holding = false;
    },
    heldPoll: () =>
      held > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.add(() => resolve())),
    heldPolls: () => held,
  };
}
