import { type HttpHandler, http } from 'msw';
import {
  AGENT_TOOL_LIMITS,
  applyProposalResponseSchema,
  type Proposal,
  type ProposalChange,
  proposalSchema,
} from '#shared/agent-tools.ts';
import {
  type AiModelsResponse,
  aiModelsResponseSchema,
  optimizePromptRequestSchema,
  optimizePromptResponseSchema,
  setAiRequestSchema,
} from '#shared/ai.ts';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { successSchema } from '#shared/api.ts';
import {
  type ChatMessage,
  type ChatStreamEventName,
  type ChatThread,
  chatStreamEventSchemas,
  chatThreadDetailSchema,
  chatThreadSchema,
  chatThreadsResponseSchema,
  createThreadRequestSchema,
  NEW_CHAT_TITLE,
  regenerateChatRequestSchema,
  type SendChatInput,
  sendChatRequestSchema,
} from '#shared/chat.ts';
import {
  defaultQuickActions,
  type QuickAction,
  quickActionPayloadSchema,
  quickActionsResponseSchema,
} from '#shared/quick-actions.ts';
import { type ResearchResponse, researchRequestSchema, researchResponseSchema } from '#shared/research.ts';
import { contractAnswer, errorResponse } from '#tests/web-kit/http-answers.ts';
import { emptyMediaHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { bodiesTo, requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { sseAnswer, sseFrame } from './event-stream.ts';

const MEMBER_ID = 7;
let clock = Date.parse('2026-05-01T10:00:00.000Z');
let nextId = 100;

/** Each call is a minute later than the last, so "newest first" is well defined. */
function tick(): string {
  clock += 60_000;
  return new Date(clock).toISOString();
}

export function buildThread(overrides: Partial<ChatThread> = {}): ChatThread {
  nextId += 1;
  return { id: nextId, title: `Chat ${nextId}`, updated_at: tick(), ...overrides };
}

export function buildMessage(threadId: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  nextId += 1;
  return {
    id: nextId,
    thread_id: threadId,
    user_id: MEMBER_ID,
    role: 'user',
    content: `Message ${nextId}`,
    created_at: tick(),
    ...overrides,
  };
}

export function buildChange(overrides: Partial<ProposalChange> = {}): ProposalChange {
  return {
    tool: 'create_task',
    args: { title: 'Buy milk' },
    summary: "Add 'Buy milk'",
    fields: [{ field: 'title', before: null, after: 'Buy milk' }],
    valid: true,
    ...overrides,
  };
}

export function buildProposal(overrides: Partial<Proposal> = {}): Proposal {
  nextId += 1;
  return {
    id: nextId,
    status: 'pending',
    changes: [buildChange()],
    applied_at: null,
    undo_until: null,
    ...overrides,
  };
}

export function buildQuickActions(): QuickAction[] {
  return defaultQuickActions.map((action) => {
    nextId += 1;
    return {
      id: nextId,
      label: action.label,
      icon: action.icon ?? '✨',
      category: action.category ?? 'General',
      payload: quickActionPayloadSchema.parse(action.payload),
    };
  });
}

export function buildModels(overrides: Partial<AiModelsResponse> = {}): AiModelsResponse {
  return {
    data: [...staticModelCatalogue],
    configured: ['openrouter', 'straico'],
    defaults: { provider: 'openrouter', model: 'openrouter/auto' },
    ...overrides,
  };
}

export function buildResearch(overrides: Partial<ResearchResponse> = {}): ResearchResponse {
  return {
    query: 'open access',
    count: 42,
    yearMin: 2016,
    synthesis: 'Open access grew steadily (Piwowar, 2018).',
    items: [
      {
        id: 'https://openalex.org/W1',
        title: 'The state of OA',
        year: 2018,
        harvard:
          'Piwowar, H. and Priem, J. (2018) “The state of OA,” PeerJ, 6, p. e4375. Available at: https://doi.org/10.7717/peerj.4375.',
        doiUrl: 'https://doi.org/10.7717/peerj.4375',
        oaUrl: 'https://peerj.com/articles/4375.pdf',
      },
      {
        id: 'https://openalex.org/W2',
        title: 'Closed work',
        year: 2020,
        harvard: 'Doe, J. (2020) “Closed work,” Journal of Things, 3(1), pp. 1–9.',
        doiUrl: null,
        oaUrl: null,
      },
    ],
    ...overrides,
  };
}

/** The echo the fake OpenRouter answers, word by word. */
export function echoWords(content: string): string[] {
  return `Lumara heard: "${content}"`.match(/\S+\s*/g) ?? [];
}

/** One event of the chat stream, its data read with the contract's schema for that event. */
function chatEvent(event: ChatStreamEventName, data: unknown): string {
  return sseFrame(event, chatStreamEventSchemas[event].parse(data));
}

export type StudioServerOptions = {
  threads?: ChatThread[];
  messages?: Record<number, ChatMessage[]>;
  memory?: Record<number, string>;
  quickActions?: QuickAction[];
  models?: AiModelsResponse;
  /** Answers `POST /api/chat/stream` and `/api/chat/regenerate` instead of the echo. */
  stream?: (info: { request: Request }) => Response | Promise<Response>;
  /**
   * The events a stream sends instead of the echo's; the messages of its `user` and `done` events are stored,
   * as the server stores them.
   */
  streamEvents?: (body: SendChatInput) => [event: ChatStreamEventName, data: unknown][];
  /**
   * A test's own handlers, asked first; one that answers nothing lets the request fall through to the studio's.
   */
  overrides?: HttpHandler[];
};

/**
 * The studio's server in memory on the test's MSW server: models, set-ai, threads (list, create, detail,
 * archive), chat proposals (apply, reject, undo on the stored messages' proposals), quick actions (list, seed,
 * delete), research, the optimizer, and streamed replies that echo the
 * member's message word by word (storing both messages, as the server does). Bodies are checked against the
 * contract's request schemas, answers and stream events are read with its response schemas.
 */
export function serveStudio(options: StudioServerOptions = {}) {
  let threads = [...(options.threads ?? [])];
  const messages = new Map<number, ChatMessage[]>(
    Object.entries(options.messages ?? {}).map(([id, list]) => [Number(id), [...list]]),
  );
  const memory = new Map<number, string>(
    Object.entries(options.memory ?? {}).map(([id, text]) => [Number(id), text]),
  );
  let quickActions = [...(options.quickActions ?? [])];
  let models = options.models ?? buildModels();

  const sorted = () =>
    [...threads].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id);
  const findThread = (id: unknown) => threads.find((t) => t.id === Number(id));
  const noSuchChat = () => errorResponse(404, 'not_found', 'There is no such chat');

  function store(message: ChatMessage) {
    messages.set(message.thread_id, [...(messages.get(message.thread_id) ?? []), message]);
    threads = threads.map((t) =>
      t.id === message.thread_id
        ? {
            ...t,
            updated_at: message.created_at,
            title:
              t.title === NEW_CHAT_TITLE && message.role === 'user' ? message.content.slice(0, 60) : t.title,
          }
        : t,
    );
  }

  /** The stored message that carries proposal `id`, as the server keeps it (one member's: any other is 404). */
  function proposalMessage(id: unknown): ChatMessage | undefined {
    for (const list of messages.values()) {
      const found = list.find((m) => m.proposal?.id === Number(id));
      if (found) return found;
    }
    return undefined;
  }
  function storeProposal(message: ChatMessage, proposal: Proposal): Proposal {
    const list = messages.get(message.thread_id) ?? [];
    messages.set(
      message.thread_id,
      list.map((m) => (m.id === message.id ? { ...m, proposal } : m)),
    );
    return proposal;
  }
  const noSuchProposal = () => errorResponse(404, 'not_found', 'There is no such proposal');
  const notPending = (proposal: Proposal) =>
    errorResponse(409, 'conflict', `This proposal was already ${proposal.status}`);

  function echoStream(body: SendChatInput, regenerate: boolean): Response {
    const frames: string[] = [];
    let memberText = body.content ?? '';
    if (regenerate) {
      const list = messages.get(body.threadId) ?? [];
      const lastMember = list.findLastIndex((m) => m.role === 'user');
      memberText = list[lastMember]?.content ?? '';
      messages.set(body.threadId, list.slice(0, lastMember + 1));
    } else {
      const userMessage = buildMessage(body.threadId, { role: 'user', content: memberText });
      store(userMessage);
      frames.push(chatEvent('user', { userMessage }));
    }
    const words = echoWords(memberText);
    for (const word of words) frames.push(chatEvent('delta', { text: word }));
    const aiMessage = buildMessage(body.threadId, { role: 'assistant', content: words.join('') });
    store(aiMessage);
    frames.push(chatEvent('done', { aiMessage }));
    return sseAnswer(frames);
  }

  function reply(regenerate: boolean) {
    return async ({ request }: { request: Request }) => {
      const streamed = await options.stream?.({ request });
      if (streamed) return streamed;
      // The body as sent (the echo repeats the member's words as typed), once the route's schema accepts it.
      const body = (await request.json()) as SendChatInput;
      (regenerate ? regenerateChatRequestSchema : sendChatRequestSchema).parse(body);
      if (options.streamEvents) {
        const events = options.streamEvents(body);
        for (const [event, data] of events) {
          if (event === 'user') store(chatStreamEventSchemas.user.parse(data).userMessage);
          if (event === 'done') store(chatStreamEventSchemas.done.parse(data).aiMessage);
        }
        return sseAnswer(events.map(([event, data]) => chatEvent(event, data)));
      }
      return echoStream(body, regenerate);
    };
  }

  server.use(
    http.get('/api/ai/models', ({ request }) => {
      // Any other catalogue is a mistake of the page: thrown, MSW answers 500 and logs it, failing the test.
      if (new URL(request.url).searchParams.get('surface') !== 'studio') {
        throw new Error(`The studio asks for its own catalogue, not ${request.url}`);
      }
      return contractAnswer(aiModelsResponseSchema, models);
    }),
    http.post('/api/profile/set-ai', async ({ request }) => {
      const body = setAiRequestSchema.parse(await request.json());
      models = { ...models, defaults: { provider: body.aiProvider, model: body.aiModel } };
      return contractAnswer(setAiRequestSchema, body);
    }),
    http.get('/api/chat/threads', () => contractAnswer(chatThreadsResponseSchema, sorted())),
    http.post('/api/chat/thread', async ({ request }) => {
      const { title } = createThreadRequestSchema.parse(await request.json());
      const thread = buildThread({ title });
      threads = [...threads, thread];
      return contractAnswer(chatThreadSchema, thread, 201);
    }),
    http.get('/api/chat/thread/:id', ({ params }) => {
      const thread = findThread(params.id);
      if (!thread) return noSuchChat();
      return contractAnswer(chatThreadDetailSchema, {
        thread,
        messages: messages.get(thread.id) ?? [],
        memory: memory.get(thread.id) ?? '',
        hasMore: false,
      });
    }),
    http.put('/api/chat/thread/:id/archive', ({ params }) => {
      const thread = findThread(params.id);
      if (!thread) return noSuchChat();
      threads = threads.filter((t) => t.id !== thread.id);
      return contractAnswer(successSchema, { success: true });
    }),
    http.post('/api/chat/proposals/:id/apply', ({ params }) => {
      const message = proposalMessage(params.id);
      if (!message?.proposal) return noSuchProposal();
      const proposal = message.proposal;
      if (proposal.status !== 'pending') return notPending(proposal);
      const valid = proposal.changes.filter((change) => change.valid);
      if (valid.length === 0)
        return errorResponse(409, 'conflict', 'Nothing in this proposal can be applied');
      const appliedAt = new Date(clock);
      const applied = storeProposal(message, {
        ...proposal,
        status: 'applied',
        applied_at: appliedAt.toISOString(),
        undo_until: new Date(Date.now() + AGENT_TOOL_LIMITS.undoHours * 3_600_000).toISOString(),
      });
      const results = valid.map((change) =>
        change.tool === 'draft_post'
          ? {
              tool: change.tool,
              summary: change.summary,
              url: `/community?${new URLSearchParams({ draft_title: String(change.args.title), draft_body: String(change.args.body) }).toString()}`,
            }
          : { tool: change.tool, summary: change.summary },
      );
      return contractAnswer(applyProposalResponseSchema, { status: 'applied', results, proposal: applied });
    }),
    http.post('/api/chat/proposals/:id/reject', ({ params }) => {
      const message = proposalMessage(params.id);
      if (!message?.proposal) return noSuchProposal();
      if (message.proposal.status !== 'pending') return notPending(message.proposal);
      return contractAnswer(
        proposalSchema,
        storeProposal(message, { ...message.proposal, status: 'rejected' }),
      );
    }),
    http.post('/api/chat/proposals/:id/undo', ({ params }) => {
      const message = proposalMessage(params.id);
      if (!message?.proposal) return noSuchProposal();
      if (message.proposal.status !== 'applied') {
        return errorResponse(409, 'conflict', 'Only an applied proposal can be undone');
      }
      return contractAnswer(
        proposalSchema,
        storeProposal(message, { ...message.proposal, status: 'undone', undo_until: null }),
      );
    }),
    http.post('/api/chat/stream', reply(false)),
    http.post('/api/chat/regenerate', reply(true)),
    http.get('/api/quick-actions', () => contractAnswer(quickActionsResponseSchema, quickActions)),
    http.post('/api/quick-actions/seed', () => {
      const seeding = quickActions.length === 0;
      if (seeding) quickActions = buildQuickActions();
      return contractAnswer(quickActionsResponseSchema, quickActions, seeding ? 201 : 200);
    }),
    http.delete('/api/quick-actions/:id', ({ params }) => {
      quickActions = quickActions.filter((a) => a.id !== Number(params.id));
      return contractAnswer(successSchema, { success: true });
    }),
    http.post('/api/research', async ({ request }) => {
      const { query } = researchRequestSchema.parse(await request.json());
      return contractAnswer(researchResponseSchema, buildResearch({ query }));
    }),
    http.post('/api/ai/optimize-prompt', async ({ request }) => {
      const { prompt } = optimizePromptRequestSchema.parse(await request.json());
      return contractAnswer(optimizePromptResponseSchema, { prompt: `Improved: ${prompt}` });
    }),
    // The media tabs, the gallery and the side panels' recent generations, empty: for tests about the chat.
    ...emptyMediaHandlers(),
  );
  // Last in, so asked first.
  if (options.overrides?.length) server.use(...options.overrides);

  return {
    threads: sorted,
    messagesOf: (threadId: number) => messages.get(threadId) ?? [],
    /** Stores a message as the server would (for streams a test writes by hand). */
    store,
    quickActions: () => quickActions,
    requestsTo,
    /** The JSON bodies sent to `path`, parsed. */
    bodiesTo,
  };
}
