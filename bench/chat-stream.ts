/**
 * Streamed chat replies through Lumara, beside the same stream read straight from the provider (the local fake
 * OpenRouter, answering a 200-word reply at once). Prints time to the first piece of text and to the end of
 * the reply, one stream at a time and 20 at once, so the figure is Lumara's own cost: session, thread check,
 * storing both messages, re-framing every piece as a server-sent event. Then the same reply after one round of a
 * read tool (the model asks for `list_tasks`, Lumara reads the member's tasks and asks again): what a tool round
 * adds over a plain reply.
 */
import { performance } from 'node:perf_hooks';
import { FAKE_API_KEY, startFakeOpenAiServer } from '../tests/fakes/openai-compatible-server.ts';
import { startServerProcess } from '../tests/setup/server-process.ts';
import { percentile } from './percentile.ts';

const REPLY = Array.from({ length: 200 }, (_, i) => `word${i + 1}`).join(' ');
const SEQUENTIAL = 40;
const CONCURRENT = 20;

type Timing = { firstMs: number; totalMs: number };

/** Reads a fetch response body to its end, noting when the first byte of text arrived. */
async function timeStream(started: number, response: Response, isText: (frame: string) => boolean) {
  if (!response.ok || !response.body)
    throw new Error(`stream failed: ${response.status} ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let firstMs = Number.NaN;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (Number.isNaN(firstMs) && isText(value)) firstMs = performance.now() - started;
  }
  return { firstMs, totalMs: performance.now() - started };
}

export async function measureChatStreaming(
  signIn: (baseUrl: string) => Promise<string>,
  dataDir: string,
): Promise<string[]> {
  const fake = await startFakeOpenAiServer();
  const lumara = await startServerProcess({
    DATA_DIR: dataDir,
    OPENROUTER_API_KEY: FAKE_API_KEY,
    OPENROUTER_BASE_URL: fake.baseUrl,
    AI_RATE_LIMIT_PER_MINUTE: '10000',
    AI_DAILY_CALLS_PER_MEMBER: '1000000',
  });
  try {
    const cookie = await signIn(lumara.url);
    const headers = { 'content-type': 'application/json', origin: lumara.url, cookie };
    const newThread = async () => {
      const response = await fetch(`${lumara.url}/api/chat/thread`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'Bench' }),
      });
      return ((await response.json()) as { id: number }).id;
    };

    const direct = async (): Promise<Timing> => {
      fake.enqueue({ kind: 'reply', text: REPLY });
      const started = performance.now();
      const response = await fetch(`${fake.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${FAKE_API_KEY}` },
        body: JSON.stringify({
          model: 'openrouter/auto',
          stream: true,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      });
      return timeStream(started, response, (frame) => frame.includes('"content":"word'));
    };

    const throughLumara = async (threadId: number): Promise<Timing> => {
      fake.enqueue({ kind: 'reply', text: REPLY });
      const started = performance.now();
      const response = await fetch(`${lumara.url}/api/chat/stream`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream' },
        body: JSON.stringify({ threadId, content: 'hi', provider: 'openrouter', model: 'openrouter/auto' }),
      });
      return timeStream(started, response, (frame) => frame.includes('event: delta'));
    };

    const afterToolRound = async (threadId: number): Promise<Timing> => {
      fake.enqueue({ kind: 'tool-calls', calls: [{ name: 'list_tasks', arguments: '{}' }] });
      fake.enqueue({ kind: 'reply', text: REPLY });
      const started = performance.now();
      const response = await fetch(`${lumara.url}/api/chat/stream`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream' },
        body: JSON.stringify({ threadId, content: 'hi', provider: 'openrouter', model: 'openrouter/auto' }),
      });
      return timeStream(started, response, (frame) => frame.includes('event: delta'));
    };

    // Short threads, so no memory summary (an extra model call) lands inside a measured reply.
    let threadId = await newThread();
    let used = 0;
    const nextThread = async () => {
      if (used++ % 6 === 0) threadId = await newThread();
      return threadId;
    };
    for (let i = 0; i < 5; i++) await throughLumara(await nextThread()); // warm-up

    const directRuns: Timing[] = [];
    const lumaraRuns: Timing[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      directRuns.push(await direct());
      lumaraRuns.push(await throughLumara(await nextThread()));
    }
    const toolRuns: Timing[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) toolRuns.push(await afterToolRound(await nextThread()));
    const threads = await Promise.all(Array.from({ length: CONCURRENT }, () => newThread()));
    const started = performance.now();
    const concurrent = await Promise.all(threads.map((id) => throughLumara(id)));
    const concurrentSeconds = (performance.now() - started) / 1000;

    const fmt = (n: number) => n.toFixed(1).padStart(6);
    const line = (name: string, runs: Timing[]) =>
      `| ${name.padEnd(44)} | ${fmt(
        percentile(
          runs.map((r) => r.firstMs),
          50,
        ),
      )} | ${fmt(
        percentile(
          runs.map((r) => r.firstMs),
          95,
        ),
      )} | ${fmt(
        percentile(
          runs.map((r) => r.totalMs),
          50,
        ),
      )} | ${fmt(
        percentile(
          runs.map((r) => r.totalMs),
          95,
        ),
      )} |`;
    return [
      `Streamed chat replies (${REPLY.split(' ').length} words, one piece per word), ${SEQUENTIAL} one at a time:`,
      '| path                                         | 1st p50 | 1st p95 | end p50 | end p95 |  (ms)',
      '|----------------------------------------------|--------|--------|--------|--------|',
      line('fake OpenRouter read directly', directRuns),
      line('POST /api/chat/stream through Lumara', lumaraRuns),
      line(`POST /api/chat/stream, ${CONCURRENT} at once`, concurrent),
      line('the same after one read round (list_tasks)', toolRuns),
      `${CONCURRENT} concurrent streamed replies finished in ${concurrentSeconds.toFixed(2)} s (${(CONCURRENT / concurrentSeconds).toFixed(1)} replies/s)`,
    ];
  } finally {
    await lumara.stop();
    await fake.close();
  }
}
