/**
 * Media generation and the gallery, against the local fal fake:
 * - a fal image generation the provider finishes at once: `POST /api/fal/image` until it answers ready (job row,
 *   claim, submit, status, result, outcome write);
 * - one with a queued phase: start → pending, then status polls until ready, so the figure includes the worker
 *   re-claiming the job between fal status polls;
 * - saving an output into the store (`POST /api/media`: the safe fetch from the fake, type checks, file write,
 *   row insert), which also seeds the gallery;
 * - the gallery's first page and a stored file under concurrent load (closed loops of fetch in this process).
 */
import { performance } from 'node:perf_hooks';
import { FAKE_FAL_KEY, startFakeFalServer } from '../tests/fakes/fal-server.ts';
import { startServerProcess } from '../tests/setup/server-process.ts';
import { percentile } from './percentile.ts';

const GENERATIONS = 30;
/** Under the per-member save limit (60 a minute), so every save is a real copy, not a 429. */
const SAVES = 50;
const LOAD_SECONDS = 5;
const LOAD_CONCURRENCY = 20;

const ms = (n: number) => n.toFixed(1).padStart(7);

type Answer = { status: string; jobId: string; url?: string };

export async function measureMedia(
  signIn: (baseUrl: string) => Promise<string>,
  dataDir: string,
): Promise<string[]> {
  const fal = await startFakeFalServer();
  const lumara = await startServerProcess({
    DATA_DIR: dataDir,
    FAL_KEY: FAKE_FAL_KEY,
    FAL_QUEUE_URL: fal.queueUrl,
    UNSAFE_OUTBOUND_ALLOW: `127.0.0.1:${new URL(fal.origin).port}`,
    AI_RATE_LIMIT_PER_MINUTE: '10000',
    AI_DAILY_CALLS_PER_MEMBER: '1000000',
  });
  try {
    const cookie = await signIn(lumara.url);
    const headers = { 'content-type': 'application/json', origin: lumara.url, cookie };
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${lumara.url}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const generate = () =>
      post('/api/fal/image', { prompt: 'a bench parrot', model: 'fal-ai/flux/schnell' }) as Promise<Answer>;
    const untilReady = async (answer: Answer) => {
      let current = answer;
      while (current.status === 'pending') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const response = await fetch(`${lumara.url}/api/ai/image/status?jobId=${current.jobId}`, { headers });
        current = (await response.json()) as Answer;
      }
      if (current.status !== 'ready') throw new Error(`generation ${current.status}`);
      return current;
    };

    fal.setStatusSteps({ queued: 0, inProgress: 0 });
    await untilReady(await generate()); // warm-up
    const instant: number[] = [];
    for (let i = 0; i < GENERATIONS; i++) {
      const started = performance.now();
      await untilReady(await generate());
      instant.push(performance.now() - started);
    }
    fal.setStatusSteps({ queued: 1, inProgress: 1 });
    const queued: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await untilReady(await generate());
      queued.push(performance.now() - started);
    }

    const saves: number[] = [];
    let lastItem = 0;
    for (let i = 0; i < SAVES; i++) {
      const started = performance.now();
      const item = (await post('/api/media', {
        media_type: 'image',
        media_url: `${fal.origin}/files/bench-${i}/image.png`,
        prompt: `bench ${i}`,
      })) as { id: number };
      saves.push(performance.now() - started);
      lastItem = item.id;
    }

    const gallery = await closedLoop(`${lumara.url}/api/media?limit=24`, cookie);
    const file = await closedLoop(`${lumara.url}/api/media/${lastItem}/file`, cookie);
    const row = (what: string, values: number[]) =>
      `| ${what.padEnd(66)} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} |`;
    return [
      'Media generation and the gallery (fal fake on loopback; the worker polls fal every 2 s):',
      `| ${'what'.padEnd(66)} |  p50 ms |  p95 ms |`,
      `|${'-'.repeat(68)}|---------|---------|`,
      row(`fal image, provider done at once: start → ready (${GENERATIONS} runs)`, instant),
      row('fal image, 1 queued + 1 running status poll: start → ready (10 runs)', queued),
      row(`POST /api/media, copy a provider file into the store (${SAVES} runs)`, saves),
      `GET /api/media?limit=24 with ${SAVES} items, ${LOAD_CONCURRENCY} at once: ${gallery.perSecond} req/s, p50 ${gallery.p50.toFixed(1)} ms, p99 ${gallery.p99.toFixed(1)} ms`,
      `GET /api/media/{id}/file (a stored PNG), ${LOAD_CONCURRENCY} at once: ${file.perSecond} req/s, p50 ${file.p50.toFixed(1)} ms, p99 ${file.p99.toFixed(1)} ms`,
    ];
  } finally {
    await lumara.stop();
    await fal.close();
  }
}

/** `LOAD_CONCURRENCY` loops each fetching the URL back to back for `LOAD_SECONDS`. */
async function closedLoop(url: string, cookie: string) {
  const latencies: number[] = [];
  const until = performance.now() + LOAD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: LOAD_CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(url, { headers: { cookie } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return {
    perSecond: Math.round(latencies.length / LOAD_SECONDS),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
