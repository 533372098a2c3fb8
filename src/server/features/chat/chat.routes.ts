import { type Context, Hono } from 'hono';
import type { AiProviders } from '#server/ai/ai-providers.ts';
import type { ChatProvider } from '#server/ai/chat-provider.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import type { Logger } from '#server/lib/logger.ts';
import { parsePathId } from '#server/lib/path-id.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/rate-limiter.ts';
import { parseWith, readJson } from '#server/lib/validation.ts';
import {
  createThreadRequestSchema,
  regenerateChatRequestSchema,
  type SendChatResponse,
  sendChatRequestSchema,
  threadIdParamSchema,
  threadPageQuerySchema,
} from '#shared/chat.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import {
  addMemberMessage,
  archiveThread,
  createThread,
  findLastMemberMessage,
  findOpenThread,
  getThreadDetail,
  listThreads,
  replyContext,
  storeReply,
  THREAD,
} from './chat.service.ts';
import { updateThreadMemory } from './chat-memory.ts';
import { streamReply } from './chat-stream.ts';

/**
 * Part 2 §7 "Chat threads", paths as the spec writes them, plus the streaming twin of `/send` and regenerate
 * (ours). Every call acts on the signed-in member's own threads; another member's or an archived thread is 404.
 * The three calls that ask a model are rate-limited per member with the app's one AI limiter.
 *
 * Order of checks on the model calls: body (400), thread (404), provider (503/400): all before anything is
 * written, so a refused request leaves no trace.
 */
export function createChatRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  ai: AiProviders;
  aiLimiter: RateLimiter;
  now: () => Date;
}) {
  const routes = new Hono<AppEnv>();
  routes.use('/api/chat/*', deps.requireMember);
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');
  const memberId = (c: { get(key: 'member'): { user: { id: number } } }) => c.get('member').user.id;
  /** After a stored reply: fold the older part of a long thread into its memory (never fails the reply). */
  const remember = async (logger: Logger, threadId: number, provider: ChatProvider, model: string) => {
    await updateThreadMemory(deps.db, { threadId, provider, model, logger });
  };

  /**
   * What `/send` and `/stream` share: the body checked, the thread found, the provider ready (each may refuse),
   * and only then the member's message stored and the model's messages gathered.
   */
  const startMemberTurn = async (c: Context<AppEnv>) => {
    const body = await readJson(c, sendChatRequestSchema);
    const userId = memberId(c);
    const thread = await findOpenThread(deps.db, userId, body.threadId);
    const provider = deps.ai.chat(body.provider);
    const userMessage = await addMemberMessage(deps.db, {
      userId,
      threadId: thread.id,
      content: body.content,
      now: deps.now(),
    });
    const messages = await replyContext(deps.db, thread.id, userMessage.id, body);
    return { body, userId, thread, provider, userMessage, messages };
  };

  routes.get('/api/chat/threads', async (c) => c.json(await listThreads(deps.db, memberId(c))));

  routes.post('/api/chat/thread', async (c) => {
    const { title } = await readJson(c, createThreadRequestSchema);
    return c.json(await createThread(deps.db, memberId(c), title, deps.now()), 201);
  });

  routes.get('/api/chat/thread/:id', async (c) => {
    const id = parsePathId(threadIdParamSchema, c.req.param('id'), THREAD);
    const page = parseWith(threadPageQuerySchema, {
      before: c.req.query('before'),
      limit: c.req.query('limit'),
    });
    return c.json(await getThreadDetail(deps.db, memberId(c), id, page));
  });

  routes.put('/api/chat/thread/:id/archive', async (c) => {
    const id = parsePathId(threadIdParamSchema, c.req.param('id'), THREAD);
    await archiveThread(deps.db, memberId(c), id, deps.now());
    return c.json({ success: true });
  });

  /** The whole answer at once (the spec's call). */
  routes.post('/api/chat/send', limitAi, async (c) => {
    const { body, userId, thread, provider, userMessage, messages } = await startMemberTurn(c);
    // No abort signal: a member who leaves mid-request finds the reply stored when they come back.
    const reply = await provider.complete({ model: body.model, messages });
    const aiMessage = await storeReply(deps.db, {
      userId,
      threadId: thread.id,
      text: reply.text,
      stopped: false,
      provider: body.provider,
      model: reply.model,
      now: deps.now(),
    });
    await remember(c.get('logger'), thread.id, provider, body.model);
    return c.json({ userMessage, aiMessage } satisfies SendChatResponse);
  });

  /** The same, streamed as server-sent events (see chat-stream.ts for the events and Stop). */
  routes.post('/api/chat/stream', limitAi, async (c) => {
    const { body, userId, thread, provider, userMessage, messages } = await startMemberTurn(c);
    return streamReply(c, {
      provider,
      request: { model: body.model, messages },
      userMessage,
      logger: c.get('logger'),
      store: (text, stopped) =>
        storeReply(deps.db, {
          userId,
          threadId: thread.id,
          text,
          stopped,
          provider: body.provider,
          model: body.model,
          now: deps.now(),
        }),
      afterDone: () => remember(c.get('logger'), thread.id, provider, body.model),
    });
  });

  /**
   * Answers the thread's last member message again, streamed like `/stream` without the `user` event. The
   * replies after that message are replaced when the new one is stored (not before), so a regenerate that
   * fails keeps the old answer.
   */
  routes.post('/api/chat/regenerate', limitAi, async (c) => {
    const body = await readJson(c, regenerateChatRequestSchema);
    const userId = memberId(c);
    const thread = await findOpenThread(deps.db, userId, body.threadId);
    const last = await findLastMemberMessage(deps.db, thread.id);
    const provider = deps.ai.chat(body.provider);
    const messages = await replyContext(deps.db, thread.id, last.id, body);
    return streamReply(c, {
      provider,
      request: { model: body.model, messages },
      logger: c.get('logger'),
      store: (text, stopped) =>
        storeReply(deps.db, {
          userId,
          threadId: thread.id,
          text,
          stopped,
          provider: body.provider,
          model: body.model,
          now: deps.now(),
          replacing: last.id,
        }),
      afterDone: () => remember(c.get('logger'), thread.id, provider, body.model),
    });
  });

  return routes;
}
