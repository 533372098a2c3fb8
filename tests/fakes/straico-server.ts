import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { TestServer } from './canary-server.ts';
import { readBody, startFakeServer } from './fake-http.ts';

/**
 * A local Straico speaking its wire: `POST /v0/prompt/completion` with bearer auth, answered
 * with 201 and the `{success: true, data: {completion, price, words}}` envelope; failures as
 * `{success: false, error: "…"}` with a 4xx/5xx status (the exact bodies are unverified; this is the shape
 * clients expect).
 *
 * What it answers is steered like the OpenRouter fake:
 * - by words in the member's last turn of `message` (Straico takes one message, so Lumara sends a transcript):
 *   `[fail]` 500, `[rate-limit]` 429, `[garbage]` an HTML page with status 201, `[hang]` never answers,
 *   `[empty]` an empty completion;
 * - by `enqueue()`, which overrides the next answers in order (server tests).
 * Otherwise it echoes: `Lumara heard: "<member's last turn>"`.
 *
 * The media calls answer the same envelope with links to files it serves itself under `/files/…`:
 * `POST /v0/image/generation` `{model, description, size, variations}` → `data.images[]`, `POST /v1/image/tovideo`
 * `{model, description, size, duration, image_url?}` → `data.video[]`, `POST /v1/tts/create` (form-urlencoded
 * `model, text, voice_id`) → `data.audio`. Markers in the description or text: `[fail]` 500, `[garbage]` an HTML
 * page with status 201, `[unsuccessful]` 201 with `success: false`, `[slow]` answers after `slowMs` (long enough
 * for a generation route to answer pending), `[hang]` never answers.
 */
export type StraicoScriptedAnswer =
  | { kind: 'reply'; text: string; model?: string }
  | { kind: 'error'; status: number; message: string; retryAfterSeconds?: number }
  /** 201 with `success: false`: a failure that only the envelope tells. */
  | { kind: 'unsuccessful'; message: string }
  | { kind: 'garbage' }
  | { kind: 'hang' };

export type StraicoRecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: { model?: unknown; message?: unknown; [key: string]: unknown };
};

export type FakeStraicoServer = TestServer & {
  /** The base URL to configure (`STRAICO_BASE_URL`). */
  baseUrl: string;
  requests: StraicoRecordedRequest[];
  /** Completion requests only, in arrival order. */
  completionRequests: () => StraicoRecordedRequest[];
  enqueue: (...answers: StraicoScriptedAnswer[]) => void;
  /** Media requests (image, video, speech), in arrival order. */
  imageRequests: () => StraicoRecordedRequest[];
  videoRequests: () => StraicoRecordedRequest[];
  speechRequests: () => StraicoRecordedRequest[];
  reset: () => void;
};

const MEDIA_PATHS = {
  image: '/v0/image/generation',
  video: '/v1/image/tovideo',
  speech: '/v1/tts/create',
} as const;

/** A 1×1 PNG, so a caller that downloads a generated image gets a real one. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const FAKE_STRAICO_API_KEY = 'ko-fake-straico-test-key';

export async function startFakeStraicoServer(
  options: {
    apiKey?: string;
    host?: string;
    /** How long a `[slow]` media call takes (default 3 s: longer than a generation route waits). */
    slowMs?: number;
  } = {},
): Promise<FakeStraicoServer> {
  const slowMs = options.slowMs ?? 3_000;
  const apiKey = options.apiKey ?? FAKE_STRAICO_API_KEY;
  const queue: StraicoScriptedAnswer[] = [];
  const requests: StraicoRecordedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = await startFakeServer(handle, options.host ?? '127.0.0.1');

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(req);
    let body: StraicoRecordedRequest['body'] = {};
    if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      body = Object.fromEntries(new URLSearchParams(raw));
    } else {
      try {
        body = raw ? (JSON.parse(raw) as StraicoRecordedRequest['body']) : {};
      } catch {
        return sendFailure(res, 400, 'Invalid JSON body');
      }
    }
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

    if (req.method === 'GET' && path.startsWith('/files/')) return sendFile(res, path);
    const media = Object.entries(MEDIA_PATHS).find(([, mediaPath]) => mediaPath === path)?.[0];
    if (req.method !== 'POST' || (path !== '/v0/prompt/completion' && !media))
      return sendFailure(res, 404, 'Not found');
    if (req.headers.authorization !== `Bearer ${apiKey}`) return sendFailure(res, 401, 'Invalid API key');
    if (media) return answerMedia(res, media as keyof typeof MEDIA_PATHS, body);
    if (typeof body.model !== 'string' || typeof body.message !== 'string' || body.message.trim() === '') {
      return sendFailure(res, 400, 'model and message are required');
    }
    const answer = queue.shift() ?? answerFor(body.message);
    sendAnswer(res, answer, body.model);
  }

  async function answerMedia(
    res: http.ServerResponse,
    media: keyof typeof MEDIA_PATHS,
    body: StraicoRecordedRequest['body'],
  ) {
    const text = media === 'speech' ? body.text : body.description;
    if (typeof body.model !== 'string' || typeof text !== 'string' || text.trim() === '') {
      return sendFailure(
        res,
        400,
        media === 'speech' ? 'model and text are required' : 'model and description are required',
      );
    }
    if (media === 'speech' && typeof body.voice_id !== 'string')
      return sendFailure(res, 400, 'voice_id is required');
    if (media !== 'speech' && !['square', 'landscape', 'portrait'].includes(String(body.size))) {
      return sendFailure(res, 400, 'size must be square, landscape or portrait');
    }
    if (text.includes('[fail]')) return sendFailure(res, 500, 'Internal server error');
    if (text.includes('[unsuccessful]'))
      return sendJson(res, 201, { success: false, error: 'Not enough coins' });
    if (text.includes('[garbage]')) {
      res.writeHead(201, { 'content-type': 'text/html' });
      return res.end('<html><body>Something went wrong, maybe</body></html>');
    }
    if (text.includes('[hang]')) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (text.includes('[slow]')) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      await new Promise((resolve) => setTimeout(resolve, slowMs));
      hanging.delete(res);
      if (res.destroyed) return;
    }
    const files = `${server.origin}/files/${randomUUID()}`;
    switch (media) {
      case 'image': {
        const count = typeof body.variations === 'number' ? body.variations : 1;
        const images = Array.from({ length: count }, (_, i) => `${files}/image-${i}.png`);
        return sendJson(res, 201, {
          success: true,
          data: {
            zip: `${files}/images.zip`,
            images,
            price: { price_per_image: 10, quantity_images: count, total: 10 * count },
          },
        });
      }
      case 'video':
        return sendJson(res, 201, {
          success: true,
          data: {
            zip: `${files}/video.zip`,
            video: [`${files}/video.mp4`],
            price: { price_per_video: 50, total: 50 },
          },
        });
      case 'speech':
        return sendJson(res, 201, { success: true, data: { audio: `${files}/speech.mp3` } });
    }
  }

  function answerFor(message: string): StraicoScriptedAnswer {
    const last = lastMemberTurn(message);
    if (last.includes('[fail]')) return { kind: 'error', status: 500, message: 'Internal server error' };
    if (last.includes('[rate-limit]'))
      return { kind: 'error', status: 429, message: 'Too many requests', retryAfterSeconds: 0 };
    if (last.includes('[garbage]')) return { kind: 'garbage' };
    if (last.includes('[hang]')) return { kind: 'hang' };
    if (last.includes('[empty]')) return { kind: 'reply', text: '' };
    return { kind: 'reply', text: `Lumara heard: "${last}"` };
  }

  function sendAnswer(res: http.ServerResponse, answer: StraicoScriptedAnswer, model: string) {
    switch (answer.kind) {
      case 'error':
        return sendFailure(res, answer.status, answer.message, answer.retryAfterSeconds);
      case 'unsuccessful':
        return sendJson(res, 201, { success: false, error: answer.message });
      case 'garbage':
        res.writeHead(201, { 'content-type': 'text/html' });
        return res.end('<html><body>Something went wrong, maybe</body></html>');
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      case 'reply': {
        const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
        return sendJson(res, 201, {
          success: true,
          data: {
            completion: {
              id: `chatcmpl-straico-${requests.length}`,
              model: answer.model ?? model,
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              choices: [
                { index: 0, message: { role: 'assistant', content: answer.text }, finish_reason: 'stop' },
              ],
              usage: {
                prompt_tokens: 9,
                completion_tokens: words(answer.text),
                total_tokens: 9 + words(answer.text),
              },
            },
            price: { input: 0.1, output: 0.2, total: 0.3 },
            words: { input: 2, output: words(answer.text), total: 2 + words(answer.text) },
          },
        });
      }
    }
  }

  return {
    ...server,
    baseUrl: server.origin,
    requests,
    completionRequests: () => requests.filter((r) => r.path === '/v0/prompt/completion'),
    enqueue: (...answers) => queue.push(...answers),
    imageRequests: () => requests.filter((r) => r.path === MEDIA_PATHS.image),
    videoRequests: () => requests.filter((r) => r.path === MEDIA_PATHS.video),
    speechRequests: () => requests.filter((r) => r.path === MEDIA_PATHS.speech),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      await server.close();
    },
  };
}

/** The member's last turn of a transcript Lumara wrote (`Member: …`), or the whole message when it is one turn. */
function lastMemberTurn(message: string): string {
  const at = message.lastIndexOf('Member: ');
  if (at === -1) return message;
  return message.slice(at + 'Member: '.length).replace(/\n\nAssistant:\s*$/, '');
}

/** The generated files: a real PNG for images, filler bytes of the right type for video and speech. */
function sendFile(res: http.ServerResponse, path: string) {
  if (path.endsWith('.png')) {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG_1X1.length });
    return res.end(PNG_1X1);
  }
  const type = path.endsWith('.mp4') ? 'video/mp4' : path.endsWith('.mp3') ? 'audio/mpeg' : undefined;
  if (!type) return sendFailure(res, 404, 'Not found');
  const bytes = Buffer.alloc(1024, 1);
  res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
  return res.end(bytes);
}

function sendFailure(res: http.ServerResponse, status: number, message: string, retryAfterSeconds?: number) {
  sendJson(res, status, { success: false, error: message }, retryAfterSeconds);
}

function sendJson(res: http.ServerResponse, status: number, value: unknown, retryAfterSeconds?: number) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
  res.writeHead(status, headers);
  res.end(JSON.stringify(value));
}
