import type http from 'node:http';
import { PLAN_MY_DAY_PROMPT } from '#shared/agent-tools.ts';
import type { TestServer } from './canary-server.ts';
import { readBody, startFakeServer } from './fake-http.ts';

/**
 * A local OpenRouter (or, with `flavor: 'ollama'`, an Ollama / OpenAI-compatible server) speaking their wire:
 * `POST /chat/completions` whole or streamed (SSE with OpenRouter's keep-alive comments,
 * the extra usage chunk and `[DONE]`), OpenRouter's error bodies, and `GET /models`.
 *
 * What it answers is steered two ways:
 * - by words in the last member message, so a browser test can steer it through the page:
 *   `[fail]` 500, `[rate-limit]` 429, `[bad-request]` 400, `[garbage]` an HTML page with status 200,
 *   `[slow]` a long reply streamed slowly, `[midstream-error]` an error chunk after some text, `[empty]` no text,
 *   `[whitespace-flood]` `whitespaceFlood` of the message,
 *   `[hang]` never answers, `[stall]` starts a streamed reply then goes silent, `[reset]` sends the status line
 *   and part of the answer, then drops the connection;
 * - by `enqueue()`, which overrides the next answers in order (server tests).
 * Otherwise it echoes: `Lumara heard: "<last member message>"`, streamed word by word.
 *
 * Tool calling, as OpenAI specifies it: a request may carry `tools` (`[{type: 'function', function: {name,
 * description, parameters}}]`, checked: 400 otherwise) and `tool_choice`, and its messages assistant turns with
 * `tool_calls` and `tool` messages; every `tool` message must answer a call of the assistant turn before it, and
 * every call must be answered before the next other message (400 otherwise, as OpenAI refuses it). A `tool-calls`
 * answer calls tools: whole, `message.tool_calls` with `finish_reason: "tool_calls"`; streamed, each call's
 * `delta.tool_calls` fragments (index, id and name first, then its arguments in `argumentPieces` pieces), then
 * `finish_reason: "tool_calls"`. Unscripted, `[tool:<name>]` in the last member message calls that tool with
 * `{}` when the request offers it (and `tool_choice` is not `none`), and a request ending in `tool` messages is
 * answered `Tools answered: <their contents, joined by " | ">`.
 * "Plan my day" (`PLAN_MY_DAY_PROMPT`, en or es, as the last member message, with `list_tasks` offered) plays a
 * short planning turn: it first calls `list_tasks` with `{}`; answered, it calls `update_task` moving the first
 * open task (not done) to tomorrow (UTC) and `create_task` `{title: 'Review the plan', due_date: <today, UTC>}`
 * (only the create when no task is open); once those are answered, text as above.
 *
 * A request asking for image output (`modalities` containing "image") is answered whole with
 * `message.images[].image_url.url` holding a small real PNG as a data URI; the markers above apply (`[slow]`
 * answers after `slowMs`, `[empty]` answers without an image), and an enqueued `images` answer sends its URLs.
 */
export type ScriptedAnswer =
  | { kind: 'reply'; text: string; model?: string; chunkDelayMs?: number }
  | { kind: 'error'; status: number; message: string; retryAfterSeconds?: number }
  | { kind: 'garbage' }
  | { kind: 'midstream-error'; textBefore: string; message: string }
  /** Starts the reply, then goes silent with the connection open. */
  | { kind: 'stall'; textBefore: string }
  | { kind: 'hang' }
  /** Sends the status line and part of the answer, then destroys the connection (a crashed or cut-off upstream). */
  | { kind: 'reset'; textBefore: string }
  /** An image answer carrying exactly these URLs (data URIs or links). */
  | { kind: 'images'; urls: string[]; text?: string }
  /**
   * The model calls tools (after `text`, if any). Streamed, each call's arguments come in `argumentPieces`
   * pieces (default 3), one chunk each; `id` defaults to `call_<n>`.
   */
  | { kind: 'tool-calls'; calls: FakeToolCall[]; text?: string; argumentPieces?: number };

export type FakeToolCall = { id?: string; name: string; arguments: string };

/** A message as the fake received it: plain, an assistant turn with `tool_calls`, or a `tool` result. */
export type RecordedMessage = {
  role: string;
  content: string | null;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

export type RecordedRequest = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    stream?: boolean;
    messages?: RecordedMessage[];
    tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
    tool_choice?: unknown;
    [key: string]: unknown;
  };
};

export type FakeOpenAiServer = TestServer & {
  /** The base URL to configure (`OPENROUTER_BASE_URL` / `OPENAI_COMPAT_BASE_URL`). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Chat requests only, in arrival order. */
  chatRequests: () => RecordedRequest[];
  enqueue: (...answers: ScriptedAnswer[]) => void;
  /** How many models `GET /models` lists. */
  setModelCount: (count: number) => void;
  reset: () => void;
};

export const FAKE_API_KEY = 'sk-or-v1-fake-test-key';
const ROUTED_MODEL = 'openai/gpt-4o-mini';

/** A 1×1 PNG as OpenRouter sends images: a base64 data URI. */
export const FAKE_IMAGE_DATA_URI =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * The answer a model can give that a backtracking tag pattern stalls on: it opens the tag the member's words came
 * fenced in (`<prompt>`, `<text>`), runs on with 4,000 characters of whitespace and never closes it.
 */
export function whitespaceFlood(message: string): string {
  const tag = /^<(\w{1,20})>/.exec(message.trim())?.[1];
  return `${tag ? `<${tag}>` : ''}${' \n\t '.repeat(1_000)}flood`;
}

export async function startFakeOpenAiServer(
  options: {
    flavor?: 'openrouter' | 'ollama';
    apiKey?: string;
    host?: string;
    /** How long a `[slow]` image request takes (default 3 s: longer than a generation route waits). */
    slowMs?: number;
  } = {},
): Promise<FakeOpenAiServer> {
  const slowMs = options.slowMs ?? 3_000;
  const flavor = options.flavor ?? 'openrouter';
  const apiKey = options.apiKey ?? FAKE_API_KEY;
  const queue: ScriptedAnswer[] = [];
  const requests: RecordedRequest[] = [];
  let modelCount = 120;
  const hanging = new Set<http.ServerResponse>();

  const server = await startFakeServer(handle, options.host ?? '127.0.0.1');

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/api\/v1|^\/v1/, '');
    const raw = await readBody(req);
    let body: RecordedRequest['body'] = {};
    try {
      body = raw ? (JSON.parse(raw) as RecordedRequest['body']) : {};
    } catch {
      return sendError(res, 400, 'Invalid JSON body');
    }
    requests.push({ path, headers: req.headers, body });

    if (req.method === 'GET' && path === '/models') return sendModels(res);
    if (req.method !== 'POST' || path !== '/chat/completions') return sendError(res, 404, 'Not Found');
    if (flavor === 'openrouter' && req.headers.authorization !== `Bearer ${apiKey}`) {
      return sendError(res, 401, 'No auth credentials found');
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0 || typeof body.model !== 'string') {
      return sendError(res, 400, 'Invalid request parameters');
    }
    const toolProblem = toolProblemOf(body);
    if (toolProblem) return sendError(res, 400, toolProblem);
    const answer = queue.shift() ?? answerFor(body);
    const wantsImage = Array.isArray(body.modalities) && body.modalities.includes('image');
    if (answer.kind === 'images' || (wantsImage && answer.kind === 'reply'))
      return sendImageAnswer(res, answer, body);
    await sendAnswer(res, answer, body);
  }

  function answerFor(body: RecordedRequest['body']): ScriptedAnswer {
    const messages = body.messages ?? [];
    const results: string[] = [];
    for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'tool'; i -= 1)
      results.unshift(messages[i]?.content ?? '');
    const last = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const planning = planMyDayAnswer(body, last, results.length);
    if (planning) return planning;
    if (results.length > 0) return { kind: 'reply', text: `Tools answered: ${results.join(' | ')}` };
    const called = /\[tool:(\w+)\]/.exec(last)?.[1];
    if (called && body.tool_choice !== 'none' && body.tools?.some((t) => t.function.name === called))
      return { kind: 'tool-calls', calls: [{ name: called, arguments: '{}' }] };
    if (last.includes('[fail]')) return { kind: 'error', status: 500, message: 'Internal Server Error' };
    if (last.includes('[rate-limit]'))
      return { kind: 'error', status: 429, message: 'Rate limit exceeded', retryAfterSeconds: 0 };
    if (last.includes('[bad-request]'))
      return { kind: 'error', status: 400, message: 'Invalid request parameters' };
    if (last.includes('[garbage]')) return { kind: 'garbage' };
    if (last.includes('[hang]')) return { kind: 'hang' };
    if (last.includes('[stall]')) return { kind: 'stall', textBefore: 'The beginning' };
    if (last.includes('[reset]')) return { kind: 'reset', textBefore: 'Half an answer' };
    if (last.includes('[empty]')) return { kind: 'reply', text: '' };
    if (last.includes('[whitespace-flood]')) return { kind: 'reply', text: whitespaceFlood(last) };
    if (last.includes('[midstream-error]'))
      return {
        kind: 'midstream-error',
        textBefore: 'Half an answer',
        message: 'Provider disconnected unexpectedly',
      };
    if (last.includes('[slow]')) {
      const words = Array.from({ length: 60 }, (_, i) => `word${i + 1}`).join(' ');
      return { kind: 'reply', text: `Taking my time: ${words}`, chunkDelayMs: 150 };
    }
    return { kind: 'reply', text: `Lumara heard: "${last}"` };
  }

  /** The scripted "Plan my day" turn (see above); null when the request is not one of its steps. */
  function planMyDayAnswer(
    body: RecordedRequest['body'],
    last: string,
    resultCount: number,
  ): ScriptedAnswer | null {
    const prompts: string[] = Object.values(PLAN_MY_DAY_PROMPT);
    const offered = (name: string) => body.tools?.some((t) => t.function.name === name) ?? false;
    if (!prompts.includes(last.trim()) || body.tool_choice === 'none' || !offered('list_tasks')) return null;
    const messages = body.messages ?? [];
    if (resultCount === 0) {
      // Only as the turn's first step: a later member message has no assistant tool turn after it yet.
      return { kind: 'tool-calls', calls: [{ name: 'list_tasks', arguments: '{}' }] };
    }
    const caller = messages[messages.length - resultCount - 1];
    const calls = caller?.tool_calls ?? [];
    if (calls.length !== 1 || calls[0]?.function.name !== 'list_tasks') return null;
    const listed = messages[messages.length - 1]?.content ?? '';
    let tasks: { id?: unknown; status?: unknown }[] = [];
    try {
      const parsed = JSON.parse(listed) as { tasks?: unknown };
      if (Array.isArray(parsed.tasks)) tasks = parsed.tasks as typeof tasks;
    } catch {
      // A refused or cut list: plan without it.
    }
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const open = tasks.find((task) => typeof task.id === 'number' && task.status !== 'done');
    const writes: FakeToolCall[] = [];
    if (open && offered('update_task'))
      writes.push({ name: 'update_task', arguments: JSON.stringify({ id: open.id, due_date: tomorrow }) });
    if (offered('create_task'))
      writes.push({
        name: 'create_task',
        arguments: JSON.stringify({ title: 'Review the plan', due_date: today }),
      });
    if (writes.length === 0) return null;
    return { kind: 'tool-calls', text: 'Here is a plan for today.', calls: writes };
  }

  async function sendAnswer(res: http.ServerResponse, answer: ScriptedAnswer, body: RecordedRequest['body']) {
    const model = flavor === 'openrouter' ? ROUTED_MODEL : (body.model ?? 'llama3.2');
    switch (answer.kind) {
      case 'error':
        return sendError(res, answer.status, answer.message, answer.retryAfterSeconds);
      case 'garbage':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>Bad gateway, maybe</body></html>');
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      case 'stall': {
        startStream(res);
        writeChunk(res, chunk(model, { role: 'assistant', content: answer.textBefore }, null));
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      case 'reset': {
        let partial: string;
        if (body.stream) {
          startStream(res);
          partial = `data: ${JSON.stringify(chunk(model, { role: 'assistant', content: answer.textBefore }, null))}\n\n`;
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          partial = `{"id":"gen-reset","choices":[{"index":0,"message":{"content":${JSON.stringify(answer.textBefore)}`;
        }
        // Dropped once those bytes have left, so the client sees an answer cut off, not a refused connection.
        res.write(partial, () => res.socket?.destroy());
        return;
      }
      case 'midstream-error': {
        if (!body.stream) return sendError(res, 502, answer.message);
        startStream(res);
        writeChunk(res, chunk(model, { role: 'assistant', content: answer.textBefore }, null));
        writeChunk(res, {
          ...chunk(model, { content: '' }, 'error'),
          error: { code: 'server_error', message: answer.message },
        });
        return res.end();
      }
      case 'tool-calls':
        return sendToolCalls(res, answer, body, model);
      case 'reply': {
        const replyModel = answer.model ?? model;
        if (!body.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(
            JSON.stringify({
              id: `gen-${Date.now()}`,
              provider: 'OpenAI',
              model: replyModel,
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              system_fingerprint: null,
              choices: [
                {
                  index: 0,
                  finish_reason: 'stop',
                  native_finish_reason: 'stop',
                  logprobs: null,
                  message: { role: 'assistant', content: answer.text, refusal: null, reasoning: null },
                },
              ],
              usage: usage(answer.text),
            }),
          );
        }
        startStream(res);
        const pieces = answer.text.match(/\S+\s*|\s+/g) ?? [];
        for (const [index, piece] of pieces.entries()) {
          if (res.destroyed) return;
          if (answer.chunkDelayMs) await sleep(answer.chunkDelayMs);
          writeChunk(
            res,
            chunk(replyModel, index === 0 ? { role: 'assistant', content: piece } : { content: piece }, null),
          );
        }
        if (res.destroyed) return;
        writeChunk(res, chunk(replyModel, { role: 'assistant', content: '' }, 'stop'));
        if (flavor === 'openrouter') {
          // OpenRouter's usage chunk repeats the finish reason in one choice.
          writeChunk(res, {
            ...chunk(replyModel, { role: 'assistant', content: '' }, 'stop'),
            usage: usage(answer.text),
          });
        }
        res.write('data: [DONE]\n\n');
        return res.end();
      }
    }
  }

  async function sendToolCalls(
    res: http.ServerResponse,
    answer: Extract<ScriptedAnswer, { kind: 'tool-calls' }>,
    body: RecordedRequest['body'],
    model: string,
  ) {
    const calls = answer.calls.map((call, index) => ({
      id: call.id ?? `call_${index + 1}`,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
    const text = answer.text ?? '';
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          id: `gen-${Date.now()}`,
          provider: 'OpenAI',
          model,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          system_fingerprint: null,
          choices: [
            {
              index: 0,
              finish_reason: 'tool_calls',
              native_finish_reason: 'tool_calls',
              logprobs: null,
              message: { role: 'assistant', content: text || null, refusal: null, tool_calls: calls },
            },
          ],
          usage: usage(text),
        }),
      );
    }
    startStream(res);
    const pieces = text.match(/\S+\s*|\s+/g) ?? [];
    for (const [index, piece] of pieces.entries())
      writeChunk(
        res,
        chunk(model, index === 0 ? { role: 'assistant', content: piece } : { content: piece }, null),
      );
    const argumentPieces = Math.max(1, answer.argumentPieces ?? 3);
    for (const [index, call] of calls.entries()) {
      const first = {
        index,
        id: call.id,
        type: 'function',
        function: { name: call.function.name, arguments: '' },
      };
      const opening = index === 0 && pieces.length === 0 ? { role: 'assistant', content: null } : {};
      writeChunk(res, chunk(model, { ...opening, tool_calls: [first] }, null));
      for (const part of splitInto(call.function.arguments, argumentPieces))
        writeChunk(res, chunk(model, { tool_calls: [{ index, function: { arguments: part } }] }, null));
    }
    writeChunk(res, chunk(model, {}, 'tool_calls'));
    if (flavor === 'openrouter') writeChunk(res, { ...chunk(model, {}, 'tool_calls'), usage: usage(text) });
    res.write('data: [DONE]\n\n');
    res.end();
  }

  async function sendImageAnswer(
    res: http.ServerResponse,
    answer: Extract<ScriptedAnswer, { kind: 'images' | 'reply' }>,
    body: RecordedRequest['body'],
  ) {
    if (answer.kind === 'reply' && answer.chunkDelayMs) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      await sleep(slowMs);
      hanging.delete(res);
      if (res.destroyed) return;
    }
    const urls = answer.kind === 'images' ? answer.urls : answer.text === '' ? [] : [FAKE_IMAGE_DATA_URI];
    const text =
      answer.kind === 'images'
        ? (answer.text ?? 'Here is your image.')
        : answer.text && 'Here is your image.';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `gen-${Date.now()}`,
        provider: 'Google',
        model: body.model,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            native_finish_reason: 'STOP',
            message: {
              role: 'assistant',
              content: text,
              refusal: null,
              reasoning: null,
              ...(urls.length > 0
                ? { images: urls.map((url, index) => ({ type: 'image_url', index, image_url: { url } })) }
                : {}),
            },
          },
        ],
        usage: usage(text),
      }),
    );
  }

  function startStream(res: http.ServerResponse) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (flavor === 'openrouter') res.write(': OPENROUTER PROCESSING\n\n');
  }

  function sendModels(res: http.ServerResponse) {
    res.writeHead(200, { 'content-type': 'application/json' });
    const data = Array.from({ length: modelCount }, (_, i) =>
      flavor === 'openrouter'
        ? {
            id: `vendor${i % 7}/model-${i + 1}`,
            canonical_slug: `vendor${i % 7}/model-${i + 1}`,
            name: `Vendor ${i % 7}: Model ${i + 1}`,
            created: 1735000000 - i,
            description: 'A fake model',
            context_length: i % 5 === 0 ? null : 8192 * ((i % 4) + 1),
            architecture: { modality: 'text->text', input_modalities: ['text'], output_modalities: ['text'] },
            pricing: { prompt: '0.000001', completion: '0.000002', request: '0', image: '0' },
          }
        : { id: `local-model-${i + 1}:latest`, object: 'model', created: 1734000000, owned_by: 'library' },
    );
    res.end(JSON.stringify(flavor === 'openrouter' ? { data } : { object: 'list', data }));
  }

  function sendError(res: http.ServerResponse, status: number, message: string, retryAfterSeconds?: number) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
    res.writeHead(status, headers);
    res.end(
      JSON.stringify(
        flavor === 'openrouter'
          ? { error: { code: status, message, metadata: {} }, user_id: 'user_fake' }
          : {
              error: {
                message,
                type: status === 404 ? 'not_found_error' : 'api_error',
                param: null,
                code: null,
              },
            },
      ),
    );
  }

  return {
    ...server,
    baseUrl: `${server.origin}${flavor === 'openrouter' ? '/api/v1' : '/v1'}`,
    requests,
    chatRequests: () => requests.filter((r) => r.path === '/chat/completions'),
    enqueue: (...answers) => queue.push(...answers),
    setModelCount: (count) => {
      modelCount = count;
    },
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

/**
 * Why OpenAI would refuse the request's tools or tool turns (its 400 messages), or undefined: `tools` must be
 * function tools with names, each `tool` message must answer a call of the assistant turn before it, and every
 * call must be answered before another kind of message.
 */
function toolProblemOf(body: RecordedRequest['body']): string | undefined {
  if (body.tools !== undefined) {
    const valid =
      Array.isArray(body.tools) &&
      body.tools.every(
        (tool) =>
          tool?.type === 'function' && typeof tool.function?.name === 'string' && tool.function.name !== '',
      );
    if (!valid) return 'Invalid schema for tools: each must be {type: "function", function: {name, …}}';
  }
  if (body.tool_choice !== undefined && !['auto', 'none', 'required'].includes(String(body.tool_choice)))
    if (typeof body.tool_choice !== 'object') return "Invalid value for 'tool_choice'";
  let open = new Set<string>();
  for (const message of body.messages ?? []) {
    if (message.role === 'tool') {
      if (typeof message.tool_call_id !== 'string' || !open.delete(message.tool_call_id))
        return "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
      continue;
    }
    if (open.size > 0)
      return "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.";
    if (message.role === 'assistant' && Array.isArray(message.tool_calls))
      open = new Set(message.tool_calls.map((call) => call.id));
  }
  if (open.size > 0)
    return "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.";
  return undefined;
}

/** `text` in `count` pieces of about the same length (fewer when it is shorter), in order. */
function splitInto(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count));
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += size) parts.push(text.slice(at, at + size));
  return parts;
}

function chunk(model: string, delta: Record<string, unknown>, finishReason: string | null) {
  return {
    id: 'gen-stream',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    provider: 'OpenAI',
    choices: [{ index: 0, delta, finish_reason: finishReason, native_finish_reason: finishReason }],
  };
}

function usage(text: string) {
  const completion = text.split(/\s+/).filter(Boolean).length;
  return { prompt_tokens: 10, completion_tokens: completion, total_tokens: 10 + completion, cost: 0.000001 };
}

function writeChunk(res: http.ServerResponse, value: unknown) {
  if (!res.destroyed) res.write(`data: ${JSON.stringify(value)}\n\n`);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
