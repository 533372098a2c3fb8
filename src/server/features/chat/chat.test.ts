import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatMessages, chatThreads } from '#server/db/schema.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { type ChatProvider, CONVERSATION_REPLY } from '#server/providers/chat-provider.ts';
import { AI_LIMITS } from '#shared/ai.ts';
import {
  type ChatMessage,
  type ChatThread,
  chatThreadDetailSchema,
  chatThreadsResponseSchema,
  NEW_CHAT_TITLE,
  sendChatResponseSchema,
} from '#shared/chat.ts';
import { systemPromptFor } from '#shared/chat-persona.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import {
  buildSendBody,
  createThreadAs,
  deltaText,
  readChatEvents,
  readChatEventsUntil,
  sendAs,
} from '#tests/factories/chat.ts';
import { signInMember } from '#tests/factories/members.ts';
import {
  FAKE_API_KEY,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#tests/fakes/openai-compatible-server.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { CHAT_MEMORY, MEMORY_NOTE_PREFIX, SUMMARIZER_PROMPT, updateThreadMemory } from './chat-memory.ts';

/**
 * Chat threads, messages, streaming, Stop, regenerate and memory, against the fake
 * OpenRouter of tests/fakes (which echoes `Lumara heard: "<last member message>"` word by word unless a test
 * scripts it). Straico is left unconfigured here, which is how the 503 is reached.
 */

let fake: FakeOpenAiServer;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  t = await buildTestApp({ ai: { openRouter: { apiKey: FAKE_API_KEY, baseUrl: fake.baseUrl } } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

/** OpenRouter can call tools and the app hands chat its toolbox: the persona is told of the tools. */
const withTools = { tools: true };

const echo = (content: string) => `Lumara heard: "${content}"`;

async function errorOf(response: Response) {
  return apiErrorBodySchema.parse(await response.json()).error;
}

async function listAs(cookie: string): Promise<ChatThread[]> {
  const response = await t.request('/api/chat/threads', { cookie });
  expect(response.status).toBe(200);
  return chatThreadsResponseSchema.parse(await response.json());
}

async function detailAs(cookie: string, threadId: number, query = '') {
  const response = await t.request(`/api/chat/thread/${threadId}${query}`, { cookie });
  expect(response.status).toBe(200);
  return chatThreadDetailSchema.parse(await response.json());
}

async function rowCounts() {
  const [threads] = await t.db.select({ n: sql<number>`count(*)::int` }).from(chatThreads);
  const [messages] = await t.db.select({ n: sql<number>`count(*)::int` }).from(chatMessages);
  return { threads: threads?.n ?? 0, messages: messages?.n ?? 0 };
}

async function messagesOf(threadId: number) {
  return t.db.select().from(chatMessages).where(eq(chatMessages.threadId, threadId)).orderBy(chatMessages.id);
}

const post = (path: string, cookie: string, body: unknown) =>
  t.request(path, { method: 'POST', cookie, body });

/** The last request the fake was asked to answer whose last member message is `content`. */
function replyRequestFor(content: string) {
  const request = fake
    .chatRequests()
    .filter((r) => r.body.messages?.at(-1)?.content === content)
    .at(-1);
  if (!request) throw new Error(`the fake was never asked to answer "${content}"`);
  return request.body.messages ?? [];
}

describe('chat threads', () => {
  it('creates threads, titled "New Chat" when no title is given, and lists them most recently used first', async () => {
    const { cookie } = await signInMember(t);
    expect(await listAs(cookie)).toEqual([]);

    const response = await post('/api/chat/thread', cookie, { title: '  Plans for June  ' });
    expect(response.status).toBe(201);
    const plans = (await response.json()) as ChatThread;
    expect(plans).toEqual({
      id: expect.any(Number),
      title: 'Plans for June',
      updated_at: t.clock.now().toISOString(),
    });

    t.clock.advance(1_000);
    const untitled = await createThreadAs(t, cookie);
    const blank = await createThreadAs(t, cookie, '   ');
    expect(untitled.title).toBe(NEW_CHAT_TITLE);
    expect(blank.title).toBe(NEW_CHAT_TITLE);
    // Same update time: the newer id first.
    expect(await listAs(cookie)).toEqual([blank, untitled, plans]);

    // Using a thread moves it to the top.
    t.clock.advance(1_000);
    await sendAs(t, cookie, buildSendBody(plans.id, { content: 'Hello' }));
    const listed = await listAs(cookie);
    expect(listed.map((thread) => thread.id)).toEqual([plans.id, blank.id, untitled.id]);
    expect(listed[0]?.updated_at).toBe(t.clock.now().toISOString());
  });

  it('answers a new thread empty, with no memory', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie, 'Empty');
    expect(await detailAs(cookie, thread.id)).toEqual({ thread, messages: [], memory: '', hasMore: false });
  });

  it('archives a thread: it leaves the list and answers 404 from then on', async () => {
    const { cookie } = await signInMember(t);
    const kept = await createThreadAs(t, cookie, 'Kept');
    const gone = await createThreadAs(t, cookie, 'Gone');

    const archive = await t.request(`/api/chat/thread/${gone.id}/archive`, {
      method: 'PUT',
      cookie,
      body: {},
    });
    expect(archive.status).toBe(200);
    expect(await archive.json()).toEqual({ success: true });
    expect(await listAs(cookie)).toEqual([kept]);

    for (const response of [
      await t.request(`/api/chat/thread/${gone.id}`, { cookie }),
      await t.request(`/api/chat/thread/${gone.id}/archive`, { method: 'PUT', cookie, body: {} }),
      await post('/api/chat/send', cookie, buildSendBody(gone.id)),
      await post('/api/chat/stream', cookie, buildSendBody(gone.id)),
      await post('/api/chat/regenerate', cookie, {
        threadId: gone.id,
        provider: 'openrouter',
        model: 'openrouter/auto',
      }),
    ]) {
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe('not_found');
    }
    expect(await messagesOf(gone.id)).toEqual([]);
  });

  it('pages a long thread: the newest page oldest first, then older pages with `before`', async () => {
    const { cookie, user } = await signInMember(t);
    const thread = await createThreadAs(t, cookie, 'Paged');
    await t.db.insert(chatMessages).values(
      Array.from({ length: 7 }, (_, i) => ({
        threadId: thread.id,
        userId: user.id,
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: `m${i + 1}`,
      })),
    );
    const newest = await detailAs(cookie, thread.id, '?limit=3');
    expect(newest.messages.map((m) => m.content)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.hasMore).toBe(true);
    const older = await detailAs(cookie, thread.id, `?limit=3&before=${newest.messages[0]?.id}`);
    expect(older.messages.map((m) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const oldest = await detailAs(cookie, thread.id, `?limit=3&before=${older.messages[0]?.id}`);
    expect(oldest.messages.map((m) => m.content)).toEqual(['m1']);
    expect(oldest.hasMore).toBe(false);
  });
});

describe("another member's thread", () => {
  it('answers 404 to every call and changes nothing', async () => {
    const owner = await signInMember(t);
    const thread = await createThreadAs(t, owner.cookie, 'Private');
    await sendAs(t, owner.cookie, buildSendBody(thread.id, { content: 'My secret plan' }));
    const { cookie } = await signInMember(t);
    const before = await rowCounts();
    fake.reset();

    for (const response of [
      await t.request(`/api/chat/thread/${thread.id}`, { cookie }),
      await t.request(`/api/chat/thread/${thread.id}/archive`, { method: 'PUT', cookie, body: {} }),
      await post('/api/chat/send', cookie, buildSendBody(thread.id)),
      await post('/api/chat/stream', cookie, buildSendBody(thread.id)),
      await post('/api/chat/regenerate', cookie, {
        threadId: thread.id,
        provider: 'openrouter',
        model: 'openrouter/auto',
      }),
    ]) {
      expect(response.status).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain('secret');
    }
    expect(await rowCounts()).toEqual(before);
    expect(fake.chatRequests()).toEqual([]);
    expect(await listAs(owner.cookie)).toEqual([expect.objectContaining({ id: thread.id })]);
  });
});

describe('bad input', () => {
  const good = { provider: 'openrouter', model: 'openrouter/auto', content: 'Hi' };

  it.each([
    ['empty content', { content: '' }, 'content'],
    ['whitespace content', { content: ' \n\t ' }, 'content'],
    ['content over 8000 characters', { content: 'a'.repeat(8_001) }, 'content'],
    ['no thread', { threadId: undefined }, 'threadId'],
    ['a thread id as text', { threadId: '1' }, 'threadId'],
    ['a thread id of 0', { threadId: 0 }, 'threadId'],
    ['an unknown provider', { provider: 'acme' }, 'provider'],
    ['a model id with spaces', { model: 'gpt 4' }, 'model'],
    ['no model', { model: undefined }, 'model'],
    ['an unknown style mode', { styleMode: 'pirate' }, 'styleMode'],
    ['a toggle that is not a boolean', { lumaraSystem: 'yes' }, 'lumaraSystem'],
  ])('%s answers 400 on send and stream, and writes nothing', async (_name, change, field) => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const before = await rowCounts();
    for (const path of ['/api/chat/send', '/api/chat/stream']) {
      const response = await post(path, cookie, { ...good, threadId: thread.id, ...change });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
    expect(await rowCounts()).toEqual(before);
    expect(fake.chatRequests()).toEqual([]);
  });

  it('refuses malformed JSON, a bad regenerate body, bad paging and a bad thread title with 400', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const before = await rowCounts();
    const responses = [
      await post('/api/chat/send', cookie, '{"threadId":'),
      await post('/api/chat/regenerate', cookie, { threadId: thread.id, provider: 'openrouter' }),
      await post('/api/chat/regenerate', cookie, { provider: 'openrouter', model: 'openrouter/auto' }),
      await post('/api/chat/thread', cookie, { title: 'x'.repeat(121) }),
      await post('/api/chat/thread', cookie, { title: 42 }),
      await t.request(`/api/chat/thread/${thread.id}?limit=0`, { cookie }),
      await t.request(`/api/chat/thread/${thread.id}?limit=201`, { cookie }),
      await t.request(`/api/chat/thread/${thread.id}?before=abc`, { cookie }),
    ];
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 400));
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 404 for a thread id that names nothing', async () => {
    const { cookie } = await signInMember(t);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await t.request(`/api/chat/thread/${id}`, { cookie })).status).toBe(404);
    }
  });

  it('refuses fal, which cannot chat, with 400 and writes nothing', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const before = await rowCounts();
    const response = await post('/api/chat/send', cookie, buildSendBody(thread.id, { provider: 'fal' }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/images, video and audio/);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a model the server does not offer with 400 on every model call, writing and sending nothing', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    await sendAs(t, cookie, buildSendBody(thread.id, { content: 'First' }));
    fake.reset();
    const before = await rowCounts();
    const notOffered = { model: 'openai/o1-pro' };
    for (const [path, body] of [
      ['/api/chat/send', buildSendBody(thread.id, notOffered)],
      ['/api/chat/stream', buildSendBody(thread.id, notOffered)],
      ['/api/chat/regenerate', { ...buildSendBody(thread.id, notOffered), content: undefined }],
    ] as const) {
      const response = await post(path, cookie, body);
      expect(response.status, path).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: 'validation_failed',
        message: 'OpenRouter does not offer "openai/o1-pro" on this server: choose a model from the list',
      });
    }
    expect(await rowCounts()).toEqual(before);
    expect(fake.chatRequests()).toHaveLength(0);
  });
});

describe('send', () => {
  it('stores the member message and the reply, and answers both', async () => {
    const { cookie, user } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const response = await post(
      '/api/chat/send',
      cookie,
      buildSendBody(thread.id, { content: '  Plan my week  ' }),
    );
    expect(response.status).toBe(200);
    const { userMessage, aiMessage } = sendChatResponseSchema.parse(await response.json());

    const at = t.clock.now().toISOString();
    expect(userMessage).toEqual({
      id: expect.any(Number),
      thread_id: thread.id,
      user_id: user.id,
      role: 'user',
      content: 'Plan my week',
      created_at: at,
      stopped: false,
    });
    expect(aiMessage).toEqual({
      id: expect.any(Number),
      thread_id: thread.id,
      user_id: user.id,
      role: 'assistant',
      content: echo('Plan my week'),
      created_at: at,
      stopped: false,
    });
    const detail = await detailAs(cookie, thread.id);
    expect(detail.messages).toEqual([userMessage, aiMessage]);
    // The thread was 'New Chat': it takes its title from the first message.
    expect(detail.thread.title).toBe('Plan my week');
    // Which model wrote the reply is kept (OpenRouter's auto router names the one it chose).
    const [, stored] = await messagesOf(thread.id);
    expect(stored).toMatchObject({ provider: 'openrouter', model: 'openai/gpt-4o-mini' });
  });

  it('asks for at most CONVERSATION_REPLY.maxTokens, and stores no more of the answer than a message holds', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    fake.enqueue({ kind: 'reply', text: 'y'.repeat(50_000) });
    const { aiMessage } = await sendAs(t, cookie, buildSendBody(thread.id));
    expect(aiMessage.content).toBe('y'.repeat(CONVERSATION_REPLY.maxChars));
    expect(CONVERSATION_REPLY.maxChars).toBe(AI_LIMITS.messageMax);
    expect(fake.chatRequests()[0]?.body.max_tokens).toBe(CONVERSATION_REPLY.maxTokens);
  });

  it('sends the persona as the system prompt, in the chosen style, and none with the Lumara System off', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie, 'Persona');

    await sendAs(t, cookie, buildSendBody(thread.id, { content: 'first' }));
    expect(replyRequestFor('first')).toEqual([
      { role: 'system', content: systemPromptFor('default', 'en', withTools) },
      { role: 'user', content: 'first' },
    ]);

    await sendAs(t, cookie, buildSendBody(thread.id, { content: 'second', styleMode: 'teacher' }));
    const teacher = replyRequestFor('second');
    expect(teacher[0]).toEqual({ role: 'system', content: systemPromptFor('teacher', 'en', withTools) });
    expect(systemPromptFor('teacher')).not.toBe(systemPromptFor('default'));
    expect(teacher.slice(1)).toEqual([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: echo('first') },
      { role: 'user', content: 'second' },
    ]);

    await sendAs(t, cookie, buildSendBody(thread.id, { content: 'third', lumaraSystem: false }));
    expect(replyRequestFor('third').filter((m) => m.role === 'system')).toEqual([]);
  });

  it('asks the persona to answer in Spanish for a member who uses Lumara in Spanish', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie, 'Hola');
    const response = await t.request('/api/chat/send', {
      method: 'POST',
      cookie,
      body: buildSendBody(thread.id, { content: 'hola' }),
      headers: { 'accept-language': 'es-CL,es;q=0.9,en;q=0.5' },
    });
    expect(response.status).toBe(200);
    const [system] = replyRequestFor('hola');
    expect(system).toEqual({ role: 'system', content: systemPromptFor('default', 'es', withTools) });
    expect(system?.content).toContain('Answer in Spanish');
    expect(systemPromptFor('default', 'en')).toBe(systemPromptFor('default'));
  });

  it('stores an empty or whitespace-only reply as empty text, and leaves it out of later requests', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie, 'Quiet');
    const empty = await sendAs(t, cookie, buildSendBody(thread.id, { content: 'Say nothing [empty]' }));
    expect(empty.aiMessage.content).toBe('');
    fake.enqueue({ kind: 'reply', text: '  \n  ' });
    const blank = await sendAs(t, cookie, buildSendBody(thread.id, { content: 'Again' }));
    expect(blank.aiMessage.content).toBe('');

    await sendAs(t, cookie, buildSendBody(thread.id, { content: 'Now talk' }));
    expect(replyRequestFor('Now talk').filter((m) => m.role === 'assistant')).toEqual([]);
  });

  it('titles a "New Chat" from the first ~60 characters of the first message, at a word boundary', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const content =
      'Help me plan a  three-week study schedule for the linear algebra exam\nwith short daily sessions';
    await sendAs(t, cookie, buildSendBody(thread.id, { content }));
    await sendAs(t, cookie, buildSendBody(thread.id, { content: 'A second message does not retitle' }));
    const { thread: titled } = await detailAs(cookie, thread.id);
    expect(titled.title).toBe('Help me plan a three-week study schedule for the linear…');

    // A thread the member named keeps its name.
    const named = await createThreadAs(t, cookie, 'Exam prep');
    await sendAs(t, cookie, buildSendBody(named.id, { content: 'Hello there' }));
    expect((await detailAs(cookie, named.id)).thread.title).toBe('Exam prep');
  });
});

describe('provider failures', () => {
  it('answers 503 for a provider that is not configured, and writes nothing', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const before = await rowCounts();
    for (const path of ['/api/chat/send', '/api/chat/stream']) {
      const response = await post(
        path,
        cookie,
        buildSendBody(thread.id, { provider: 'straico', model: 'openai/gpt-4o-mini' }),
      );
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      const error = await errorOf(response);
      expect(error.code).toBe('provider_not_configured');
      expect(error.message).toContain('STRAICO_API_KEY');
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 502 with the provider's message when it fails; the member message stays, no reply is stored", async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    for (const path of ['/api/chat/send', '/api/chat/stream']) {
      const response = await post(
        path,
        cookie,
        buildSendBody(thread.id, { content: `Break ${path} [fail]` }),
      );
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await errorOf(response)).toEqual({
        code: 'provider_failed',
        message: 'OpenRouter: Internal Server Error',
      });
    }
    const stored = await messagesOf(thread.id);
    expect(stored.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Break /api/chat/send [fail]'],
      ['user', 'Break /api/chat/stream [fail]'],
    ]);
  });

  it('answers 504 when the provider never answers', async () => {
    const slowApp = await buildTestApp({
      ai: { openRouter: { apiKey: FAKE_API_KEY, baseUrl: fake.baseUrl }, timeoutMs: 1_000, maxRetries: 0 },
    });
    try {
      const { cookie } = await signInMember(slowApp);
      const thread = await createThreadAs(slowApp, cookie);
      for (const path of ['/api/chat/send', '/api/chat/stream']) {
        const response = await slowApp.request(path, {
          method: 'POST',
          cookie,
          body: buildSendBody(thread.id, { content: 'Wait for it [hang]' }),
        });
        expect(response.status).toBe(504);
        expect((await errorOf(response)).code).toBe('provider_timeout');
      }
      const stored = await slowApp.db.select().from(chatMessages).where(eq(chatMessages.threadId, thread.id));
      expect(stored.map((m) => m.role)).toEqual(['user', 'user']);
    } finally {
      await slowApp.close();
    }
  });

  it('limits how many AI calls a member makes per minute (429 with Retry-After)', async () => {
    const limited = await buildTestApp({
      ai: { openRouter: { apiKey: FAKE_API_KEY, baseUrl: fake.baseUrl }, rateLimitPerMinute: 2 },
    });
    try {
      const { cookie } = await signInMember(limited);
      const thread = await createThreadAs(limited, cookie);
      const send = () =>
        limited.request('/api/chat/send', { method: 'POST', cookie, body: buildSendBody(thread.id) });
      expect((await send()).status).toBe(200);
      const stream = await limited.request('/api/chat/stream', {
        method: 'POST',
        cookie,
        body: buildSendBody(thread.id),
      });
      expect(stream.status).toBe(200);
      await stream.text();
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await errorOf(refused)).code).toBe('rate_limited');
      // Thread calls do not ask a model and are not limited.
      expect((await limited.request('/api/chat/threads', { cookie })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('stream', () => {
  it('streams the reply: `user`, then deltas that add up to the stored reply, then `done`', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const response = await post(
      '/api/chat/stream',
      cookie,
      buildSendBody(thread.id, { content: 'Tell me a story' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readChatEvents(response);

    const names = events.map((e) => e.event);
    expect(names[0]).toBe('user');
    expect(names.at(-1)).toBe('done');
    expect(names.slice(1, -1).every((name) => name === 'delta')).toBe(true);
    // The fake streams word by word: several pieces, not one.
    expect(names.filter((name) => name === 'delta').length).toBeGreaterThan(3);
    expect(deltaText(events)).toBe(echo('Tell me a story'));

    const detail = await detailAs(cookie, thread.id);
    const first = events[0];
    const last = events.at(-1);
    if (first?.event !== 'user' || last?.event !== 'done') throw new Error('unexpected event order');
    expect(detail.messages).toEqual([first.data.userMessage, last.data.aiMessage]);
    expect(last.data.aiMessage.content).toBe(echo('Tell me a story'));
    expect(detail.thread.title).toBe('Tell me a story');
  });

  it('stops reading the reply at CONVERSATION_REPLY.maxChars, streaming and storing what it kept', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    fake.enqueue({ kind: 'reply', text: 'word '.repeat(10_000) });
    const events = await readChatEvents(await post('/api/chat/stream', cookie, buildSendBody(thread.id)));
    const kept = 'word '.repeat(10_000).slice(0, CONVERSATION_REPLY.maxChars);
    expect(deltaText(events)).toBe(kept);
    const last = events.at(-1);
    if (last?.event !== 'done') throw new Error(`the stream ended with ${last?.event}`);
    expect(last.data.aiMessage).toMatchObject({ content: kept, stopped: false });
    expect(fake.chatRequests()[0]?.body).toMatchObject({
      stream: true,
      max_tokens: CONVERSATION_REPLY.maxTokens,
    });
  });

  it('ends with an `error` event when the provider fails mid-answer; no reply is stored', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const response = await post(
      '/api/chat/stream',
      cookie,
      buildSendBody(thread.id, { content: 'Go [midstream-error]' }),
    );
    expect(response.status).toBe(200);
    const events = await readChatEvents(response);
    expect(events.map((e) => e.event)).toEqual(['user', 'delta', 'error']);
    expect(events[1]).toEqual({ event: 'delta', data: { text: 'Half an answer' } });
    expect(events[2]).toEqual({
      event: 'error',
      data: { code: 'provider_failed', message: 'OpenRouter: Provider disconnected unexpectedly' },
    });
    expect((await messagesOf(thread.id)).map((m) => m.role)).toEqual(['user']);
  });

  it('keeps what arrived, marked stopped, when the member presses Stop mid-stream', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const response = await post(
      '/api/chat/stream',
      cookie,
      buildSendBody(thread.id, { content: 'Take your time [slow]' }),
    );
    expect(response.status).toBe(200);
    const events = await readChatEventsUntil(
      response,
      (read) => read.filter((e) => e.event === 'delta').length >= 3,
    );
    const seen = deltaText(events);
    expect(seen.startsWith('Taking my time:')).toBe(true);

    // The server stores the partial reply once the provider call has been aborted.
    const stopped = await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.threadId, thread.id), eq(chatMessages.role, 'assistant')));
        if (!row) throw new Error('not stored yet');
        return row;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(stopped.stopped).toBe(true);
    // A piece or two may have been in flight when the member stopped; never the whole 60-word reply.
    expect(stopped.content.startsWith(seen)).toBe(true);
    expect(stopped.content.split(' ').length).toBeLessThan(30);

    const detail = await detailAs(cookie, thread.id);
    expect(detail.messages.map((m) => [m.role, m.stopped])).toEqual([
      ['user', false],
      ['assistant', true],
    ]);
  });

  it('keeps what arrived when a real HTTP client goes away mid-stream (the browser Stop button)', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    // Without HTTP/2 options the adaptor builds a plain node:http server.
    const server = createAdaptorServer({ fetch: t.app.fetch }) as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const stopButton = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/chat/stream`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: t.appUrl.origin },
        body: JSON.stringify(buildSendBody(thread.id, { content: 'Over the wire [slow]' })),
        signal: stopButton.signal,
      });
      expect(response.status).toBe(200);
      const events = await readChatEventsUntil(response, (read) => read.some((e) => e.event === 'delta'), {
        abort: () => stopButton.abort(),
      });
      const seen = deltaText(events);
      const stopped = await vi.waitFor(
        async () => {
          const row = (await messagesOf(thread.id)).find((m) => m.role === 'assistant');
          if (!row) throw new Error('not stored yet');
          return row;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(stopped).toMatchObject({ stopped: true });
      expect(stopped.content.startsWith(seen)).toBe(true);
      expect(stopped.content.split(' ').length).toBeLessThan(30);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('stores nothing when the member leaves before the first word arrives', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const leave = new AbortController();
    const pending = t.app.request(new URL('/api/chat/stream', t.appUrl).toString(), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: t.appUrl.origin },
      body: JSON.stringify(buildSendBody(thread.id, { content: 'Never mind [hang]' })),
      signal: leave.signal,
    });
    await vi.waitFor(() => expect(fake.chatRequests()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    leave.abort();
    const response = await pending;
    expect(response.status).toBe(204);
    expect((await messagesOf(thread.id)).map((m) => m.role)).toEqual(['user']);
  });
});

describe('regenerate', () => {
  const regenerate = (cookie: string, threadId: number, extra: Record<string, unknown> = {}) =>
    post('/api/chat/regenerate', cookie, {
      threadId,
      provider: 'openrouter',
      model: 'openrouter/auto',
      ...extra,
    });

  it('answers the last member message again and replaces the previous reply', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    await sendAs(t, cookie, buildSendBody(thread.id, { content: 'Name a colour' }));
    const { userMessage, aiMessage: old } = await sendAs(
      t,
      cookie,
      buildSendBody(thread.id, { content: 'Another' }),
    );
    fake.reset();

    fake.enqueue({ kind: 'reply', text: 'Teal, this time.' });
    const response = await regenerate(cookie, thread.id, { styleMode: 'sparkle' });
    expect(response.status).toBe(200);
    const events = await readChatEvents(response);
    expect(events.map((e) => e.event)).not.toContain('user');
    expect(events.at(-1)?.event).toBe('done');
    expect(deltaText(events)).toBe('Teal, this time.');

    // The model was asked the same question, without the reply being replaced.
    const asked = fake.chatRequests()[0]?.body.messages ?? [];
    expect(asked[0]).toEqual({ role: 'system', content: systemPromptFor('sparkle', 'en', withTools) });
    expect(asked.at(-1)).toEqual({ role: 'user', content: 'Another' });
    expect(asked.map((m) => m.content)).not.toContain(old.content);

    const detail = await detailAs(cookie, thread.id);
    expect(detail.messages.map((m) => m.content)).toEqual([
      'Name a colour',
      echo('Name a colour'),
      'Another',
      'Teal, this time.',
    ]);
    const last = events.at(-1);
    expect(detail.messages.at(-1)).toEqual(last?.event === 'done' ? last.data.aiMessage : undefined);
    expect(detail.messages[2]).toEqual(userMessage);
  });

  it('keeps the previous reply when the regenerate fails', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const { aiMessage } = await sendAs(t, cookie, buildSendBody(thread.id, { content: 'Keep this' }));
    fake.enqueue({ kind: 'error', status: 400, message: 'Invalid request parameters' });
    const response = await regenerate(cookie, thread.id);
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toEqual({
      code: 'provider_failed',
      message: 'OpenRouter: Invalid request parameters',
    });
    expect((await detailAs(cookie, thread.id)).messages.at(-1)).toEqual(aiMessage);
  });

  it('answers 409 when the thread has no member message to answer', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie);
    const response = await regenerate(cookie, thread.id);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({
      code: 'conflict',
      message: 'This thread has no message of yours to answer yet',
    });
    expect(fake.chatRequests()).toEqual([]);
  });
});

describe('memory', () => {
  it('summarizes a long thread and answers from the summary plus the recent messages only', async () => {
    const { cookie } = await signInMember(t);
    const thread = await createThreadAs(t, cookie, 'Long talk');
    for (let turn = 1; turn <= 21; turn++) {
      await sendAs(
        t,
        cookie,
        buildSendBody(thread.id, { content: `Turn ${turn}: my favourite number is ${turn}` }),
      );
    }

    const detail = await detailAs(cookie, thread.id);
    expect(detail.messages).toHaveLength(42);
    expect(detail.memory).not.toBe('');
    const summaries = fake.chatRequests().filter((r) => r.body.messages?.[0]?.content === SUMMARIZER_PROMPT);
    expect(summaries.length).toBeGreaterThan(0);
    for (const summary of summaries) expect(summary.body.max_tokens).toBe(CHAT_MEMORY.summaryReply.maxTokens);
    // The echoing fake "summarizes" by repeating the transcript it was given; the stored memory is bounded.
    expect(detail.memory).toContain('Member: Turn 1: my favourite number is 1');
    expect(detail.memory.split(/\s+/).length).toBeLessThanOrEqual(CHAT_MEMORY.summaryWordsKept);

    const last = replyRequestFor('Turn 21: my favourite number is 21');
    const [system, ...conversation] = last;
    expect(system?.role).toBe('system');
    expect(system?.content).toContain(systemPromptFor('default', 'en', withTools));
    expect(system?.content).toContain(MEMORY_NOTE_PREFIX);
    expect(conversation.length).toBeGreaterThan(0);
    expect(conversation.length).toBeLessThanOrEqual(CHAT_MEMORY.contextMessages);
    expect(conversation.every((m) => m.role !== 'system')).toBe(true);
    expect(conversation.map((m) => m.content)).not.toContain('Turn 1: my favourite number is 1');

    // The boundary points at the last summarized message, and the recent messages stay out of the summary.
    const [row] = await t.db.select().from(chatThreads).where(eq(chatThreads.id, thread.id));
    const ids = detail.messages.map((m: ChatMessage) => m.id);
    expect(ids).toContain(row?.memoryThroughMessageId);
    expect(ids.indexOf(row?.memoryThroughMessageId ?? -1)).toBeLessThan(ids.length - CHAT_MEMORY.keepRecent);
  });

  it('never fails the send when the summary fails, and tries again with the next reply', async () => {
    const { cookie, user } = await signInMember(t);
    const thread = await createThreadAs(t, cookie, 'Fragile memory');
    await t.db.insert(chatMessages).values(
      Array.from({ length: 16 }, (_, i) => ({
        threadId: thread.id,
        userId: user.id,
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: `Earlier ${i + 1}`,
      })),
    );
    // The reply works; the summary request after it fails.
    fake.enqueue(
      { kind: 'reply', text: 'Fine.' },
      { kind: 'error', status: 400, message: 'Context too long' },
    );
    const { aiMessage } = await sendAs(t, cookie, buildSendBody(thread.id, { content: 'Still there?' }));
    expect(aiMessage.content).toBe('Fine.');
    expect((await detailAs(cookie, thread.id)).memory).toBe('');

    await sendAs(t, cookie, buildSendBody(thread.id, { content: 'And now?' }));
    expect((await detailAs(cookie, thread.id)).memory).toContain('Earlier 1');
  });

  it('updates memory after a streamed reply, before the stream closes', async () => {
    const { cookie, user } = await signInMember(t);
    const thread = await createThreadAs(t, cookie, 'Streamed memory');
    await t.db.insert(chatMessages).values(
      Array.from({ length: 16 }, (_, i) => ({
        threadId: thread.id,
        userId: user.id,
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: `Before ${i + 1}`,
      })),
    );
    const events = await readChatEvents(await post('/api/chat/stream', cookie, buildSendBody(thread.id)));
    expect(events.at(-1)?.event).toBe('done');
    expect((await detailAs(cookie, thread.id)).memory).toContain('Before 1');
  });

  it('lets only one of two concurrent summaries land (conditional update)', async () => {
    const { cookie, user } = await signInMember(t);
    const thread = await createThreadAs(t, cookie, 'Race');
    await t.db.insert(chatMessages).values(
      Array.from({ length: 20 }, (_, i) => ({
        threadId: thread.id,
        userId: user.id,
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: `Race ${i + 1}`,
      })),
    );
    // A provider that answers both summary requests only once both have been asked: a true race.
    let release: () => void = () => {};
    const bothAsked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    const provider: ChatProvider = {
      id: 'openrouter',
      async complete() {
        asked += 1;
        if (asked === 2) release();
        await bothAsked;
        return { text: `Summary ${asked}`, model: 'stub' };
      },
      async *stream() {},
    };
    const logger = createLogger('silent');
    const outcomes = await Promise.all([
      updateThreadMemory(t.db, { threadId: thread.id, provider, model: 'stub', logger }),
      updateThreadMemory(t.db, { threadId: thread.id, provider, model: 'stub', logger }),
    ]);
    expect(outcomes.sort()).toEqual(['superseded', 'updated']);
    const [row] = await t.db.select().from(chatThreads).where(eq(chatThreads.id, thread.id));
    expect(row?.memory).toMatch(/^Summary \d$/);
  });
});
