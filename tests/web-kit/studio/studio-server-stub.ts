import type { AiModelsResponse } from '#shared/ai.ts';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { type ChatMessage, type ChatThread, NEW_CHAT_TITLE, type SendChatInput } from '#shared/chat.ts';
import { defaultQuickActions, type QuickAction, quickActionPayloadSchema } from '#shared/quick-actions.ts';
import type { ResearchResponse } from '#shared/research.ts';
import { errorResponse, jsonResponse, type StubbedRequest, stubFetch } from '#tests/web-kit/fetch-stub.ts';
import { answerEmptyMemberData } from '#tests/web-kit/member-data-stub.ts';
import { sseFrame, sseResponse } from './sse-response.ts';

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

type Route = (request: StubbedRequest) => Response | undefined | Promise<Response | undefined>;

export type StudioServerOptions = {
  threads?: ChatThread[];
  messages?: Record<number, ChatMessage[]>;
  memory?: Record<number, string>;
  quickActions?: QuickAction[];
  models?: AiModelsResponse;
  /** Answers `POST /api/chat/stream` and `/api/chat/regenerate` instead of the echo. */
  stream?: Route;
  /**
   * The events a stream sends instead of the echo's; the messages of its `user` and `done` events are stored,
   * as the server stores them.
   */
  streamEvents?: (body: SendChatInput) => [event: string, data: unknown][];
  /** Answers any request first; undefined falls through to the stub's own answers. */
  override?: Route;
};

/**
 * The studio's server in memory: models, set-ai, threads (list, create, detail, archive), quick actions (list,
 * seed, delete), research, the optimizer, and streamed replies that echo the member's message word by word
 * (storing both messages, as the server does).
 */
export function stubStudioServer(options: StudioServerOptions = {}) {
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

  function echoStream(request: StubbedRequest): Response {
    const body = JSON.parse(request.body ?? '{}') as SendChatInput;
    const regenerate = request.path === '/api/chat/regenerate';
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
      frames.push(sseFrame('user', { userMessage }));
    }
    const words = echoWords(memberText);
    for (const word of words) frames.push(sseFrame('delta', { text: word }));
    const aiMessage = buildMessage(body.threadId, { role: 'assistant', content: words.join('') });
    store(aiMessage);
    frames.push(sseFrame('done', { aiMessage }));
    return sseResponse(frames);
  }

  const threadPath = /^\/api\/chat\/thread\/(\d+)(\/archive)?$/;
  const quickActionPath = /^\/api\/quick-actions\/(\d+)$/;

  const stub = stubFetch(async (request) => {
    const overridden = await options.override?.(request);
    if (overridden) return overridden;
    const { method, path } = request;
    if (method === 'GET' && path === '/api/ai/models?surface=studio') return jsonResponse(models);
    if (method === 'POST' && path === '/api/profile/set-ai') {
      const body = JSON.parse(request.body ?? '{}') as {
        aiProvider: AiModelsResponse['defaults']['provider'];
        aiModel: string;
      };
      models = { ...models, defaults: { provider: body.aiProvider, model: body.aiModel } };
      return jsonResponse(body);
    }
    if (method === 'GET' && path === '/api/chat/threads') return jsonResponse(sorted());
    if (method === 'POST' && path === '/api/chat/thread') {
      const { title } = JSON.parse(request.body ?? '{}') as { title?: string };
      const thread = buildThread({ title: title || NEW_CHAT_TITLE });
      threads = [...threads, thread];
      return jsonResponse(thread, 201);
    }
    const threadMatch = threadPath.exec(path);
    if (threadMatch) {
      const id = Number(threadMatch[1]);
      const thread = threads.find((t) => t.id === id);
      if (!thread) return errorResponse(404, 'not_found', 'There is no such chat');
      if (method === 'PUT' && threadMatch[2]) {
        threads = threads.filter((t) => t.id !== id);
        return jsonResponse({ success: true });
      }
      if (method === 'GET' && !threadMatch[2]) {
        return jsonResponse({
          thread,
          messages: messages.get(id) ?? [],
          memory: memory.get(id) ?? '',
          hasMore: false,
        });
      }
    }
    if (method === 'POST' && (path === '/api/chat/stream' || path === '/api/chat/regenerate')) {
      const streamed = await options.stream?.(request);
      if (streamed) return streamed;
      if (options.streamEvents) {
        const events = options.streamEvents(JSON.parse(request.body ?? '{}') as SendChatInput);
        for (const [event, data] of events) {
          if (event === 'user') store((data as { userMessage: ChatMessage }).userMessage);
          if (event === 'done') store((data as { aiMessage: ChatMessage }).aiMessage);
        }
        return sseResponse(events.map(([event, data]) => sseFrame(event, data)));
      }
      return echoStream(request);
    }
    if (method === 'GET' && path === '/api/quick-actions') return jsonResponse(quickActions);
    if (method === 'POST' && path === '/api/quick-actions/seed') {
      if (quickActions.length === 0) quickActions = buildQuickActions();
      return jsonResponse(quickActions, 201);
    }
    const quickActionMatch = quickActionPath.exec(path);
    if (quickActionMatch && method === 'DELETE') {
      quickActions = quickActions.filter((a) => a.id !== Number(quickActionMatch[1]));
      return jsonResponse({ success: true });
    }
    if (method === 'POST' && path === '/api/research') {
      const { query } = JSON.parse(request.body ?? '{}') as { query: string };
      return jsonResponse(buildResearch({ query }));
    }
    if (method === 'POST' && path === '/api/ai/optimize-prompt') {
      const { prompt } = JSON.parse(request.body ?? '{}') as { prompt: string };
      return jsonResponse({ prompt: `Improved: ${prompt}` });
    }
    // The media tabs, the gallery and the side panels' recent generations, empty: for tests about the chat.
    if (method === 'GET' && /^\/api\/(media|ai\/jobs|fal\/models)(\?|$)/.test(path)) {
      return answerEmptyMemberData(request);
    }
    return undefined;
  });

  return {
    ...stub,
    threads: sorted,
    messagesOf: (threadId: number) => messages.get(threadId) ?? [],
    /** Stores a message as the server would (for streams a test writes by hand). */
    store,
    quickActions: () => quickActions,
    /** The JSON bodies sent to `path`, parsed. */
    bodiesTo: <T = Record<string, unknown>>(path: string, method = 'POST'): T[] =>
      stub.requestsTo(path, method).map((request) => JSON.parse(request.body ?? '{}') as T),
  };
}
