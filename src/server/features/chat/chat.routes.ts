import { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { requestLanguage } from '#server/lib/http/request-language.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/infra/rate-limiter.ts';
import type { AiProviders } from '#server/providers/ai-providers.ts';
import {
  type ChatProvider,
  type ChatRequest,
  CONVERSATION_REPLY,
  canUseTools,
} from '#server/providers/chat-provider.ts';
import { successSchema } from '#shared/api.ts';
import {
  type ChatMessage,
  chatThreadDetailSchema,
  chatThreadSchema,
  chatThreadsResponseSchema,
  createThreadRequestSchema,
  regenerateChatRequestSchema,
  type SendChatRequest,
  sendChatRequestSchema,
  sendChatResponseSchema,
  threadPageQuerySchema,
} from '#shared/chat.ts';
import { createProposal } from '../agent-tools/chat-proposals.ts';
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
} from './chat.service.ts';
import {
  type AgentWriteCall,
  type ChatToolboxFor,
  completeAgentTurns,
  streamAgentTurns,
} from './chat-agent-turns.ts';
import { updateThreadMemory } from './chat-memory.ts';
import { type ReplyStream, streamReply, textPieces } from './chat-stream.ts';

const threadPath = idParams('chatThread');

/** A streamed reply: server-sent events (`chatStreamEventSchemas` in src/shared/chat.ts), or nothing at all. */
const streamedReply = {
  200: {
    description:
      'Server-sent events: `user` (not on regenerate), `delta` per piece of text and `tool` per step of a read ' +
      'tool, `proposal` when the reply proposed changes, then `done` (the stored reply) or `error`',
    content: { 'text/event-stream': { schema: z.string() } },
  },
  204: { description: 'The member went away before the first word arrived: nothing was stored' },
} as const;

/**
 * Chat threads and their messages (paths kept exactly as clients know them), plus the streaming twin of
 * `/send` and regenerate. Every call acts on the signed-in member's own threads; another member's or an
 * archived thread is 404.
 */
export const chatRoutes = {
  threads: apiRoute({
    method: 'get',
    path: '/api/chat/threads',
    operationId: 'listChatThreads',
    tags: ['Chat'],
    summary: "The member's open threads, most recently used first",
    description: 'Threads that are not archived, most recently used first (ties: newer id first).',
    responses: { 200: json(chatThreadsResponseSchema, 'Every open thread of the member') },
  }),
  createThread: apiRoute({
    method: 'post',
    path: '/api/chat/thread',
    operationId: 'createChatThread',
    tags: ['Chat'],
    summary: 'Start a thread',
    description: "**201** the thread. The title is trimmed; missing or blank → `'New Chat'`.",
    request: { body: jsonBody(createThreadRequestSchema) },
    responses: { 201: json(chatThreadSchema, 'The new thread') },
  }),
  thread: apiRoute({
    method: 'get',
    path: '/api/chat/thread/{id}',
    operationId: 'getChatThread',
    tags: ['Chat'],
    summary: 'A thread with one page of its messages (the newest, or those before `before`) and its memory',
    description:
      '`messages` oldest first: the newest page of `limit`, or the page before message id `before`. ' +
      "`hasMore`: older messages exist; ask again with `before` = the first message's id. `memory`: the " +
      "running summary ('' while the thread is short). Another member's, an archived or an unknown thread " +
      '**404** `not_found`.',
    request: { params: threadPath, query: queryOf(threadPageQuerySchema) },
    responses: {
      200: json(chatThreadDetailSchema, 'The thread, a page of messages oldest first, its memory'),
    },
  }),
  archive: apiRoute({
    method: 'put',
    path: '/api/chat/thread/{id}/archive',
    operationId: 'archiveChatThread',
    tags: ['Chat'],
    summary: 'Archive a thread: it leaves the list and answers 404 from then on',
    description: "Another member's, an archived or an unknown thread **404**.",
    request: { params: threadPath },
    responses: { 200: json(successSchema, 'Archived') },
  }),
  send: apiRoute({
    method: 'post',
    path: '/api/chat/send',
    operationId: 'sendChatMessage',
    tags: ['Chat'],
    summary: 'Send a message and get the whole reply at once',
    description:
      'The whole answer at once. Checks, in this order and all before anything is written: body (**400** ' +
      "`validation_failed`), thread (another member's, archived or unknown: **404** `not_found`), provider " +
      '(**503** `provider_not_configured` naming the variable to set; **400** for fal, which cannot chat), ' +
      "model (**400** `validation_failed` for one the server does not offer: the catalogue's chat models " +
      'and `AI_ALLOWED_MODELS`). ' +
      'Counts against the per-member AI limits (`AI_RATE_LIMIT_PER_MINUTE` a minute, `AI_DAILY_CALLS_PER_MEMBER` a day; **429** `rate_limited` with ' +
      '`Retry-After`).\n\n' +
      "`content` is trimmed. `lumaraSystem` sends the persona's system prompt for `styleMode` " +
      '(`systemPromptFor` in `src/shared/persona.ts`); false sends none.\n\n' +
      "On a provider that can call tools (not Straico) the model may read the member's tasks, calendar, focus " +
      "stats and search with the agent tools (`time_zone`: the browser's zone, used when the profile names " +
      'none), and its write calls become `aiMessage.proposal`, applied only through ' +
      '`POST /api/chat/proposals/{id}/apply` (docs/api.md, Chat: Tools).\n\n' +
      'The member message is stored first and stays whatever the provider does; a provider failure answers ' +
      "**502** `provider_failed` (the provider's message) or **504** `provider_timeout`, and stores no " +
      "reply. A reply of only whitespace is stored as `''` (the page shows '(no reply)'). The thread moves " +
      "to the top; a thread still titled 'New Chat' takes its title from the first message (about 60 " +
      'characters, cut at a word). When the thread has grown long, its memory is updated before the answer ' +
      '(docs/api.md, Chat: Memory).',
    request: { body: jsonBody(sendChatRequestSchema) },
    responses: { 200: json(sendChatResponseSchema, 'The stored member message and the stored reply') },
  }),
  stream: apiRoute({
    method: 'post',
    path: '/api/chat/stream',
    operationId: 'streamChatReply',
    tags: ['Chat'],
    summary: 'Send a message and get the reply streamed as it is written (Stop keeps what arrived)',
    description:
      'As `POST /api/chat/send` (the same body, checks and AI limit), the reply streamed as server-sent ' +
      'events, each `event: <name>` with one JSON `data:` line: `user` `{userMessage}` once, `delta` ' +
      '`{text}` per piece, then exactly one of `done` `{aiMessage}` (the stored reply: the concatenated ' +
      'deltas) or `error` `{code, message}` (the provider failed mid-answer: no reply stored, the member ' +
      'message stays).\n\n' +
      "The server waits for the provider's first piece before it starts the stream, so a provider that " +
      'fails or times out before saying anything answers the same JSON **502**/**504** as send. Stop by ' +
      'aborting the request: the text that arrived so far is stored as the reply with `stopped: true`; if ' +
      'nothing arrived, nothing is stored.',
    request: { body: jsonBody(sendChatRequestSchema) },
    responses: streamedReply,
  }),
  regenerate: apiRoute({
    method: 'post',
    path: '/api/chat/regenerate',
    operationId: 'regenerateChatReply',
    tags: ['Chat'],
    summary:
      "Answer the thread's last member message again, streamed; the new reply replaces the old once stored",
    description:
      "Answers the thread's last member message again, streamed as `POST /api/chat/stream` without the " +
      '`user` event. Checks, all before anything is written: body (**400**), thread (**404**), a member ' +
      'message to answer (**409** `conflict` when the thread has none yet), provider (**503**, or **400** ' +
      'for fal), model (**400**, as `POST /api/chat/send`). Counts against the per-member AI limits (`AI_RATE_LIMIT_PER_MINUTE` a minute, `AI_DAILY_CALLS_PER_MEMBER` a day; **429** ' +
      '`rate_limited` with `Retry-After`).\n\n' +
      'The replies after the last member message are replaced when the new reply is stored (a stopped one ' +
      'included), not before: a regenerate that fails, or is stopped before any text, keeps the previous ' +
      'reply.',
    request: { body: jsonBody(regenerateChatRequestSchema) },
    responses: streamedReply,
  }),
};

/**
 * The three calls that ask a model are rate-limited per member with the app's one AI limiter, before their body
 * is read.
 *
 * Order of checks on the model calls: body (400), thread (404), provider (503/400), model (400): all before
 * anything is written, so a refused request leaves no trace.
 */
export function createChatRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  ai: AiProviders;
  aiLimiter: RateLimiter;
  now: () => Date;
  /** The AI's tools on the member's data (composition/chat-toolbox.ts); absent, every reply is plain. */
  toolbox?: ChatToolboxFor;
}) {
  const routes = createApiRouter(deps.requireMember);
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');
  /** After a stored reply: fold the older part of a long thread into its memory (never fails the reply). */
  const remember = async (logger: Logger, threadId: number, provider: ChatProvider, model: string) => {
    await updateThreadMemory(deps.db, { threadId, provider, model, logger });
  };

  /** The provider's chat client for the model asked: 503 not configured, 400 for fal or a model not offered. */
  const chatClientOf = (body: Pick<SendChatRequest, 'provider' | 'model'>) => {
    const provider = deps.ai.chat(body.provider);
    deps.ai.models.require(body.provider, body.model, { kind: 'chat' });
    return provider;
  };

  /**
   * How a reply is made: with the toolbox when the app gave one and the provider can call tools (the model reads
   * the member's data and proposes changes), else plain, as the provider answers.
   */
  const replyPlan = (provider: ChatProvider, body: Pick<SendChatRequest, 'time_zone'>) => {
    const language = requestLanguage();
    const agent =
      deps.toolbox && canUseTools(provider)
        ? { provider, toolbox: deps.toolbox({ language, timeZone: body.time_zone }) }
        : null;
    return { provider, agent, language };
  };
  type ReplyPlan = ReturnType<typeof replyPlan>;

  /** The stored reply's proposal, made from the write calls it collected (validated; nothing is changed). */
  const propose =
    (userId: number, threadId: number, plan: ReplyPlan) =>
    (aiMessage: ChatMessage, calls: readonly AgentWriteCall[]) =>
      createProposal(deps.db, {
        userId,
        threadId,
        messageId: aiMessage.id,
        calls: calls.map(({ name, args }) => ({ name, args })),
        language: plan.language,
        now: deps.now(),
      });

  /** The pieces of a streamed reply: the agent loop's with tools, the provider's text without. */
  const piecesOf = (
    plan: ReplyPlan,
    userId: number,
    request: Omit<ChatRequest, 'signal'>,
  ): ReplyStream['pieces'] => {
    const { agent } = plan;
    if (!agent) return textPieces(plan.provider, request);
    return (signal) =>
      streamAgentTurns({
        provider: agent.provider,
        request: { ...request, signal },
        toolbox: agent.toolbox,
        memberId: userId,
      });
  };

  /**
   * What `/send` and `/stream` share: the thread found, the provider ready (each may refuse), and only then the
   * member's message stored and the model's messages gathered.
   */
  const startMemberTurn = async (userId: number, body: SendChatRequest) => {
    const thread = await findOpenThread(deps.db, userId, body.threadId);
    const plan = replyPlan(chatClientOf(body), body);
    const userMessage = await addMemberMessage(deps.db, {
      userId,
      threadId: thread.id,
      content: body.content,
      now: deps.now(),
    });
    const messages = await replyContext(deps.db, thread.id, userMessage.id, {
      ...body,
      tools: plan.agent !== null,
    });
    return { thread, plan, provider: plan.provider, userMessage, messages };
  };

  return (
    routes
      .openapi(chatRoutes.threads, async (c) => c.json(await listThreads(deps.db, memberIdOf(c)), 200))
      .openapi(chatRoutes.createThread, async (c) =>
        c.json(await createThread(deps.db, memberIdOf(c), c.req.valid('json').title, deps.now()), 201),
      )
      .openapi(chatRoutes.thread, async (c) =>
        c.json(
          await getThreadDetail(deps.db, memberIdOf(c), c.req.valid('param').id, c.req.valid('query')),
          200,
        ),
      )
      .openapi(chatRoutes.archive, async (c) => {
        await archiveThread(deps.db, memberIdOf(c), c.req.valid('param').id, deps.now());
        return c.json({ success: true } as const, 200);
      })
      /** The whole answer at once, for clients that do not stream. */
      .openapi({ ...chatRoutes.send, middleware: [limitAi] as const }, async (c) => {
        const body = c.req.valid('json');
        const userId = memberIdOf(c);
        const { thread, plan, provider, userMessage, messages } = await startMemberTurn(userId, body);
        // No abort signal: a member who leaves mid-request finds the reply stored when they come back.
        const request = { model: body.model, messages, ...CONVERSATION_REPLY };
        const reply = plan.agent
          ? await completeAgentTurns({
              provider: plan.agent.provider,
              request,
              toolbox: plan.agent.toolbox,
              memberId: userId,
            })
          : { ...(await provider.complete(request)), writeCalls: [] };
        const stored = await storeReply(deps.db, {
          userId,
          threadId: thread.id,
          text: reply.text,
          stopped: false,
          provider: body.provider,
          model: reply.model,
          now: deps.now(),
        });
        const aiMessage =
          reply.writeCalls.length > 0
            ? { ...stored, proposal: await propose(userId, thread.id, plan)(stored, reply.writeCalls) }
            : stored;
        await remember(c.get('logger'), thread.id, provider, body.model);
        return c.json({ userMessage, aiMessage }, 200);
      })
      /** The same, streamed as server-sent events (see chat-stream.ts for the events and Stop). */
      .openapi({ ...chatRoutes.stream, middleware: [limitAi] as const }, async (c) => {
        const body = c.req.valid('json');
        const userId = memberIdOf(c);
        const { thread, plan, provider, userMessage, messages } = await startMemberTurn(userId, body);
        return streamReply(c, {
          pieces: piecesOf(plan, userId, { model: body.model, messages, ...CONVERSATION_REPLY }),
          propose: propose(userId, thread.id, plan),
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
      })
      /**
       * Answers the thread's last member message again, streamed like `/stream` without the `user` event. The
       * replies after that message are replaced when the new one is stored (not before), so a regenerate that
       * fails keeps the old answer.
       */
      .openapi({ ...chatRoutes.regenerate, middleware: [limitAi] as const }, async (c) => {
        const body = c.req.valid('json');
        const userId = memberIdOf(c);
        const thread = await findOpenThread(deps.db, userId, body.threadId);
        const last = await findLastMemberMessage(deps.db, thread.id);
        const plan = replyPlan(chatClientOf(body), body);
        const { provider } = plan;
        const messages = await replyContext(deps.db, thread.id, last.id, {
          ...body,
          tools: plan.agent !== null,
        });
        return streamReply(c, {
          pieces: piecesOf(plan, userId, { model: body.model, messages, ...CONVERSATION_REPLY }),
          propose: propose(userId, thread.id, plan),
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
      })
  );
}
