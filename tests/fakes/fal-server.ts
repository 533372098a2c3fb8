import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { TestServer } from './canary-server.ts';
import { readBody, startFakeServer } from './fake-http.ts';

/**
 * A local fal.ai queue for server tests:
 * - `POST /{owner}/{app}/{path...}` submits a job and answers 200 IN_QUEUE with response/status/cancel URLs that
 *   name ONLY owner/app (`/{owner}/{app}/requests/{id}`), as the real queue does;
 * - `GET …/requests/{id}/status` answers 202 IN_QUEUE, then 202 IN_PROGRESS, then 200 COMPLETED (steps set by
 *   `setStatusSteps`);
 * - `GET …/requests/{id}` answers the output directly: flux-like `{images:[…], seed, prompt}` for image models,
 *   `{video:{…}}` for video models, `{audio:{…}}` for audio models; the files are served under `/files/…`;
 * - `PUT …/requests/{id}/cancel` answers 202 CANCELLATION_REQUESTED (400 ALREADY_COMPLETED once done).
 * It checks `Authorization: Key …` (401 `{"detail":"Invalid key"}`) and answers a missing `prompt` with fal's
 * 422 validation list. Prompt markers: `[fail]` result 500 `{"detail":"Runner disconnected"}`, `[never]` status
 * stays IN_PROGRESS, `[rate-limit]` the first submit of that prompt answers 429.
 */
export type FalRecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | undefined;
};

export type FalStatusSteps = { queued: number; inProgress: number };

export type FakeFalServer = TestServer & {
  /** The queue URL to configure (`FAL_QUEUE_URL`). */
  queueUrl: string;
  requests: FalRecordedRequest[];
  submitRequests: () => FalRecordedRequest[];
  statusRequests: () => FalRecordedRequest[];
  resultRequests: () => FalRecordedRequest[];
  cancelRequests: () => FalRecordedRequest[];
  /** How many status polls answer IN_QUEUE, then IN_PROGRESS, before COMPLETED (default 1 and 1). */
  setStatusSteps: (steps: FalStatusSteps) => void;
  reset: () => void;
};

export const FAKE_FAL_KEY = 'fake-key-id:fake-key-secret';

type Job = {
  id: string;
  owner: string;
  app: string;
  modelId: string;
  prompt: string;
  polls: number;
  completed: boolean;
};

/** A 1×1 transparent PNG, so a caller that downloads a generated image gets a real one. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export async function startFakeFalServer(
  /** `host`: the loopback address to listen on (127.0.0.2 for tests whose outbound fetch must allow it). */
  options: { apiKey?: string; host?: string } = {},
): Promise<FakeFalServer> {
  const apiKey = options.apiKey ?? FAKE_FAL_KEY;
  const requests: FalRecordedRequest[] = [];
  const jobs = new Map<string, Job>();
  const rateLimitedPrompts = new Set<string>();
  let steps: FalStatusSteps = { queued: 1, inProgress: 1 };

  const server = await startFakeServer(handle, options.host ?? '127.0.0.1');

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    let body: Record<string, unknown> | undefined;
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(res, 400, { detail: 'Invalid JSON body' });
      }
    }
    requests.push({ method, path, headers: req.headers, body });

    const segments = path.split('/').filter(Boolean);
    if (method === 'GET' && segments[0] === 'files') return sendFile(res, segments.at(-1) ?? '');
    if (req.headers.authorization !== `Key ${apiKey}`) return send(res, 401, { detail: 'Invalid key' });

    const [owner, app, third, id, action] = segments;
    if (owner && app && third === 'requests' && id) {
      const job = jobs.get(id);
      if (!job || job.owner !== owner || job.app !== app)
        return send(res, 404, { detail: 'Request not found' });
      if (method === 'GET' && action === 'status' && segments.length === 5) return sendStatus(res, job);
      if (method === 'GET' && action === undefined) return sendResult(res, job);
      if (method === 'PUT' && action === 'cancel' && segments.length === 5) {
        if (job.completed) return send(res, 400, { status: 'ALREADY_COMPLETED' });
        jobs.delete(id);
        return send(res, 202, { status: 'CANCELLATION_REQUESTED' });
      }
      return send(res, 405, { detail: 'Method Not Allowed' });
    }
    if (method === 'POST' && owner && app) return submit(res, segments, body);
    return send(res, 404, { detail: 'Not Found' });
  }

  function submit(res: http.ServerResponse, segments: string[], body: Record<string, unknown> | undefined) {
    const prompt = body?.prompt;
    if (typeof prompt !== 'string' || !prompt) {
      return send(res, 422, {
        detail: [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error.missing' }],
      });
    }
    if (prompt.includes('[rate-limit]') && !rateLimitedPrompts.has(prompt)) {
      rateLimitedPrompts.add(prompt);
      return send(res, 429, { detail: 'Too many requests' }, { 'retry-after': '0' });
    }
    const [owner = '', app = ''] = segments;
    const id = randomUUID();
    jobs.set(id, { id, owner, app, modelId: segments.join('/'), prompt, polls: 0, completed: false });
    const base = `${server.origin}/${owner}/${app}/requests/${id}`;
    return send(res, 200, {
      status: 'IN_QUEUE',
      request_id: id,
      response_url: base,
      status_url: `${base}/status`,
      cancel_url: `${base}/cancel`,
      queue_position: steps.queued > 0 ? 0 : null,
    });
  }

  function sendStatus(res: http.ServerResponse, job: Job) {
    job.polls += 1;
    const base = `${server.origin}/${job.owner}/${job.app}/requests/${job.id}`;
    const common = { request_id: job.id, response_url: base, status_url: `${base}/status` };
    if (job.polls <= steps.queued) {
      return send(res, 202, {
        status: 'IN_QUEUE',
        queue_position: steps.queued - job.polls,
        ...common,
        cancel_url: `${base}/cancel`,
      });
    }
    if (job.prompt.includes('[never]') || job.polls <= steps.queued + steps.inProgress) {
      return send(res, 202, {
        status: 'IN_PROGRESS',
        logs: [{ message: 'step 3/28', level: 'INFO', source: 'USER', timestamp: new Date().toISOString() }],
        ...common,
      });
    }
    job.completed = true;
    return send(res, 200, { status: 'COMPLETED', logs: null, metrics: { inference_time: 1.84 }, ...common });
  }

  function sendResult(res: http.ServerResponse, job: Job) {
    if (!job.completed) return send(res, 400, { detail: 'Request is still in progress' });
    if (job.prompt.includes('[fail]')) {
      return send(res, 500, { detail: 'Runner disconnected' }, { 'x-fal-error-type': 'runner_disconnected' });
    }
    const headers = { 'x-fal-request-id': job.id };
    const files = `${server.origin}/files/${job.id}`;
    switch (kindOf(job.modelId)) {
      case 'video':
        return send(
          res,
          200,
          {
            video: {
              url: `${files}/output.mp4`,
              content_type: 'video/mp4',
              file_name: 'output.mp4',
              file_size: 1024,
            },
          },
          headers,
        );
      case 'audio':
        return send(
          res,
          200,
          {
            audio: {
              url: `${files}/output.mp3`,
              content_type: 'audio/mpeg',
              file_name: 'output.mp3',
              file_size: 1024,
            },
          },
          headers,
        );
      case 'image':
        return send(
          res,
          200,
          {
            images: [{ url: `${files}/image.png`, width: 1024, height: 768, content_type: 'image/png' }],
            timings: { inference: 0.35 },
            seed: 123456,
            has_nsfw_concepts: [false],
            prompt: job.prompt,
          },
          headers,
        );
    }
  }

  return {
    ...server,
    queueUrl: server.origin,
    requests,
    submitRequests: () => requests.filter((r) => r.method === 'POST'),
    statusRequests: () => requests.filter((r) => r.method === 'GET' && r.path.endsWith('/status')),
    resultRequests: () =>
      requests.filter(
        (r) => r.method === 'GET' && /\/requests\/[^/]+$/.test(r.path) && !r.path.startsWith('/files'),
      ),
    cancelRequests: () => requests.filter((r) => r.method === 'PUT'),
    setStatusSteps: (next) => {
      steps = next;
    },
    reset: () => {
      requests.length = 0;
      jobs.clear();
      rateLimitedPrompts.clear();
      steps = { queued: 1, inProgress: 1 };
    },
  };
}

function kindOf(modelId: string): 'image' | 'video' | 'audio' {
  if (/video|veo/.test(modelId)) return 'video';
  if (/audio|tts|music|lyria|ace-step/.test(modelId)) return 'audio';
  return 'image';
}

function sendFile(res: http.ServerResponse, name: string) {
  if (name.endsWith('.png')) {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG_1X1.length });
    return res.end(PNG_1X1);
  }
  const type = name.endsWith('.mp4') ? 'video/mp4' : name.endsWith('.mp3') ? 'audio/mpeg' : undefined;
  if (!type) return send(res, 404, { detail: 'Not Found' });
  const bytes = Buffer.alloc(1024, 1);
  res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
  return res.end(bytes);
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
