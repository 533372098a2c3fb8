import {
  type ChatStreamEventName,
  type ChatThread,
  chatStreamEventSchemas,
  chatThreadSchema,
  type SendChatInput,
  type SendChatResponse,
  sendChatResponseSchema,
} from '#shared/chat.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

let sequence = 0;

/** A `/api/chat/send` body for the fake OpenRouter; the thread and content are the ones a test cares about. */
export function buildSendBody(threadId: number, overrides: Partial<SendChatInput> = {}): SendChatInput {
  sequence += 1;
  return {
    threadId,
    content: `Message ${sequence}`,
    provider: 'openrouter',
    model: 'openrouter/auto',
    ...overrides,
  };
}

/** Creates a thread through the API as the member whose cookie is given. */
export async function createThreadAs(t: TestApp, cookie: string, title?: string): Promise<ChatThread> {
  const response = await t.request('/api/chat/thread', {
    method: 'POST',
    cookie,
    body: title === undefined ? {} : { title },
  });
  if (response.status !== 201)
    throw new Error(`create thread failed: ${response.status} ${await response.text()}`);
  return chatThreadSchema.parse(await response.json());
}

/** Sends a message through `/api/chat/send` and answers the stored pair. */
export async function sendAs(t: TestApp, cookie: string, body: SendChatInput): Promise<SendChatResponse> {
  const response = await t.request('/api/chat/send', { method: 'POST', cookie, body });
  if (response.status !== 200) throw new Error(`send failed: ${response.status} ${await response.text()}`);
  return sendChatResponseSchema.parse(await response.json());
}

export type ChatStreamEvent = {
  [E in ChatStreamEventName]: { event: E; data: ReturnType<(typeof chatStreamEventSchemas)[E]['parse']> };
}[ChatStreamEventName];

/**
 * Splits server-sent event text into complete events, each checked against the contract's schema; answers the
 * events and the unfinished rest (to prepend to the next chunk).
 */
export function parseSseFrames(text: string): { events: ChatStreamEvent[]; rest: string } {
  const frames = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = frames.pop() ?? '';
  const events: ChatStreamEvent[] = [];
  for (const frame of frames) {
    let name = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      if (field === 'data') data.push(value);
    }
    if (data.length === 0) continue;
    if (!(name in chatStreamEventSchemas)) throw new Error(`unexpected event "${name}"`);
    const event = name as ChatStreamEventName;
    const parsed = chatStreamEventSchemas[event].parse(JSON.parse(data.join('\n')));
    events.push({ event, data: parsed } as ChatStreamEvent);
  }
  return { events, rest };
}

/** Reads a chat event stream to its end. */
export async function readChatEvents(response: Response): Promise<ChatStreamEvent[]> {
  const { events, rest } = parseSseFrames(await response.text());
  if (rest.trim() !== '') throw new Error(`the stream ended mid-event: ${rest}`);
  return events;
}

/**
 * Reads a chat event stream until `enough` says so, then cancels the body as a browser's Stop (an aborted
 * fetch) does. Answers the events read.
 */
export async function readChatEventsUntil(
  response: Response,
  enough: (events: ChatStreamEvent[]) => boolean,
  /** How the client stops: cancelling the body (default), or aborting the fetch over a real connection. */
  options: { abort?: () => void } = {},
): Promise<ChatStreamEvent[]> {
  if (!response.body) throw new Error('the response has no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: ChatStreamEvent[] = [];
  let buffered = '';
  while (!enough(events)) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the stream ended before the test had read enough (${events.length} events)`);
    const parsed = parseSseFrames(buffered + decoder.decode(value, { stream: true }));
    events.push(...parsed.events);
    buffered = parsed.rest;
  }
  if (options.abort) {
    options.abort();
    // The aborted fetch rejects its pending reads; that is the point, not a failure.
    await reader.cancel().catch(() => {});
  } else {
    await reader.cancel();
  }
  return events;
}

/** The text of the `delta` events, joined. */
export function deltaText(events: ChatStreamEvent[]): string {
  return events.map((e) => (e.event === 'delta' ? e.data.text : '')).join('');
}
