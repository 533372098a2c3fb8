import OpenAI from 'openai';
import type { AiProviderId } from '#shared/ai.ts';
import {
  boundToolCalls,
  type ChatReply,
  type ChatRequest,
  type ChatStreamPiece,
  type ChatToolCall,
  type ChatTurn,
  TOOL_CALL_BOUNDS,
  type ToolCallingChatProvider,
} from './chat-provider.ts';
import { isDroppedConnection, providerFailed, providerTimeout } from './provider-errors.ts';

export type OpenAiCompatibleOptions = {
  id: AiProviderId;
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
  defaultHeaders?: Record<string, string>;
};

/**
 * Chat over the OpenAI wire, through the official SDK pointed at a base URL: OpenRouter and any
 * OpenAI-compatible server (Ollama, LM Studio, vLLM). The SDK parses the SSE stream (skipping OpenRouter's
 * `: OPENROUTER PROCESSING` comments), throws on mid-stream `error` chunks and retries 408/409/429/5xx itself.
 *
 * `timeoutMs` is one deadline over all the SDK's attempts (its own `timeout` is per attempt, so a provider that
 * never answers would otherwise hold a member for (retries + 1) × timeout): for a whole answer until it has
 * arrived, for a stream until it starts and then between two chunks, so a provider that stalls mid-reply ends
 * in a timeout rather than holding the member until they press Stop.
 * When the caller aborts, both methods throw the signal's reason, never a provider error; a stream yields what
 * arrived before that.
 *
 * Tools: a request's `tools` are sent with `tool_choice`, its tool turns as `tool_calls` and `tool` messages.
 * A whole answer's calls come back in `toolCalls`; `streamTurn` assembles them from the stream's
 * `delta.tool_calls` fragments (by `index`, arguments concatenated) and yields them once, after the text. Past
 * `TOOL_CALL_BOUNDS` a stream is no longer read: the calls so far are answered, the last one's arguments cut.
 */
export function createOpenAiCompatibleChat(options: OpenAiCompatibleOptions): ToolCallingChatProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    defaultHeaders: options.defaultHeaders,
  });
  const toError = (error: unknown, deadline: Deadline) => {
    // The caller's abort wins over whatever the SDK made of it; then our deadline's over a bare abort.
    if (deadline.callerAborted()) return deadline.callerReason();
    if (deadline.expired()) return providerTimeout(options.id);
    return mapSdkError(options.id, error);
  };

  async function* streamTurn(request: ChatRequest): AsyncIterable<ChatStreamPiece> {
    const deadline = startDeadline(options.timeoutMs, request.signal);
    const calls = new ToolCallAssembly();
    try {
      const stream = await client.chat.completions.create(
        { ...bodyOf(request), stream: true },
        { signal: deadline.signal },
      );
      // Started: from here the reply may take as long as it takes, as long as it keeps coming.
      deadline.restart();
      let chunks = 0;
      for await (const chunk of stream) {
        deadline.restart();
        chunks += 1;
        // vLLM reports a mid-stream failure as `{"object":"error","message":…}` rather than `{error}`.
        const loose = chunk as unknown as { object?: unknown; message?: unknown };
        if (loose.object === 'error') {
          throw providerFailed(options.id, typeof loose.message === 'string' ? loose.message : undefined);
        }
        const choice = chunk.choices?.[0];
        if ((choice?.finish_reason as string | null | undefined) === 'error') {
          throw providerFailed(options.id, 'the model failed mid-answer');
        }
        const text = choice?.delta?.content;
        if (typeof text === 'string' && text !== '') yield { type: 'text', text };
        // Leaving the loop ends the SDK's stream (it aborts its request): nothing past the bound is read.
        if (!calls.add(choice?.delta?.tool_calls)) break;
      }
      // The SDK ends the iteration quietly when the signal aborts; a stopped reply must not pass for a whole one.
      request.signal?.throwIfAborted();
      if (deadline.expired()) throw providerTimeout(options.id);
      // A 200 that was not an event stream (a proxy's HTML page) parses as zero events: that is a failure.
      if (chunks === 0) throw providerFailed(options.id, 'sent an answer Lumara could not read');
    } catch (error) {
      throw toError(error, deadline);
    } finally {
      deadline.clear();
    }
    const assembled = calls.result();
    if (assembled.length > 0) yield { type: 'tool_calls', calls: assembled };
  }

  return {
    id: options.id,

    async complete(request: ChatRequest): Promise<ChatReply> {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      const deadline = startDeadline(options.timeoutMs, request.signal);
      try {
        completion = await client.chat.completions.create(bodyOf(request), { signal: deadline.signal });
      } catch (error) {
        throw toError(error, deadline);
      } finally {
        deadline.clear();
      }
      // A 200 can still carry a failure (OpenRouter: finish_reason "error"), or be garbage from a proxy.
      const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
      if (!choice || typeof choice.message !== 'object' || choice.message === null) {
        throw providerFailed(options.id, 'answered without a reply');
      }
      if ((choice.finish_reason as string) === 'error')
        throw providerFailed(options.id, 'the model failed mid-answer');
      const content = choice.message.content;
      const toolCalls = toolCallsOf(choice.message);
      return {
        text: typeof content === 'string' ? content : '',
        model: typeof completion.model === 'string' && completion.model ? completion.model : request.model,
        ...(toolCalls ? { toolCalls } : {}),
      };
    },

    async *stream(request: ChatRequest): AsyncIterable<string> {
      for await (const piece of streamTurn(request)) if (piece.type === 'text') yield piece.text;
    },

    streamTurn,
  };
}

/** The request's body on the OpenAI wire (whole; a stream adds `stream: true`). */
function bodyOf(request: ChatRequest) {
  const tools = request.tools ?? [];
  return {
    model: request.model,
    messages: request.messages.map(wireMessageOf),
    max_tokens: request.maxTokens,
    ...(tools.length > 0
      ? {
          tools: tools.map((tool) => ({
            type: 'function' as const,
            function: { name: tool.name, description: tool.description, parameters: tool.parameters },
          })),
          tool_choice: request.toolChoice ?? 'auto',
        }
      : {}),
  };
}

/** One turn as the wire has it; a plain message goes as it is. */
function wireMessageOf(turn: ChatTurn): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (turn.role === 'tool') return { role: 'tool', tool_call_id: turn.toolCallId, content: turn.content };
  if ('toolCalls' in turn) {
    return {
      role: 'assistant',
      // A turn that only called tools has no text: null, as OpenAI sends it (some servers refuse '').
      content: turn.content === '' ? null : turn.content,
      tool_calls: turn.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  }
  return turn;
}

/** The function calls of a whole answer's message, within `TOOL_CALL_BOUNDS`; undefined when there are none. */
function toolCallsOf(message: { tool_calls?: unknown }): ChatToolCall[] | undefined {
  if (!Array.isArray(message.tool_calls)) return undefined;
  const calls: ChatToolCall[] = [];
  for (const [index, raw] of (message.tool_calls as unknown[]).entries()) {
    const call = raw as { id?: unknown; function?: { name?: unknown; arguments?: unknown } } | null;
    const name = call?.function?.name;
    if (typeof name !== 'string' || name === '') continue;
    calls.push({
      id: typeof call?.id === 'string' && call.id !== '' ? call.id : `call_${index}`,
      name,
      arguments: argumentsText(call?.function?.arguments),
    });
  }
  return calls.length > 0 ? boundToolCalls(calls) : undefined;
}

/** Arguments as a JSON string: some servers (older Ollama) send them as an object. */
function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

/**
 * The tool calls of a stream, put together from its fragments: the first fragment of a call carries its `index`,
 * `id` and name, the next ones pieces of its arguments (matched by `index`). Stops taking fragments at
 * `TOOL_CALL_BOUNDS`.
 */
export class ToolCallAssembly {
  /** The calls in the order they began, each with the `index` the stream gave it. */
  private readonly calls: { index: number; call: ChatToolCall }[] = [];
  /** The call each index is building now. */
  private readonly current = new Map<number, ChatToolCall>();
  private argumentChars = 0;

  /** Takes one chunk's fragments; false once the bounds are reached (read no further). */
  add(fragments: unknown): boolean {
    if (!Array.isArray(fragments)) return true;
    for (const [position, raw] of (fragments as unknown[]).entries()) {
      const fragment = raw as {
        index?: unknown;
        id?: unknown;
        function?: { name?: unknown; arguments?: unknown };
      } | null;
      if (!fragment) continue;
      const index = typeof fragment.index === 'number' ? fragment.index : position;
      const id = typeof fragment.id === 'string' ? fragment.id : '';
      let call = this.current.get(index);
      // A new id at an index already in use is a new call: some upstreams give every parallel call index 0.
      if (!call || (id !== '' && call.id !== '' && id !== call.id)) {
        // Calls past the bound are not kept; the stream goes on for the text and the calls already begun.
        if (this.calls.length >= TOOL_CALL_BOUNDS.callsMax) continue;
        call = { id: '', name: '', arguments: '' };
        this.calls.push({ index, call });
        this.current.set(index, call);
      }
      if (id !== '' && call.id === '') call.id = id;
      const name = fragment.function?.name;
      if (typeof name === 'string' && name !== '' && call.name === '') call.name = name;
      const piece = argumentsText(fragment.function?.arguments);
      const room = TOOL_CALL_BOUNDS.argumentChars - this.argumentChars;
      call.arguments += piece.slice(0, room);
      this.argumentChars += Math.min(piece.length, room);
      if (piece.length > room) return false;
    }
    return true;
  }

  /** The calls in index order (then arrival); one that never got a name cannot be answered and is left out. */
  result(): ChatToolCall[] {
    return this.calls
      .map(({ index, call }, position) => ({ index, call: { ...call, id: call.id || `call_${position}` } }))
      .sort((a, b) => a.index - b.index)
      .filter(({ call }) => call.name !== '')
      .map(({ call }) => call);
  }
}

type Deadline = ReturnType<typeof startDeadline>;

/** An abort signal that fires at the deadline or when the caller aborts, and can tell which one it was. */
function startDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), timeoutMs);
  return {
    signal: callerSignal ? AbortSignal.any([controller.signal, callerSignal]) : controller.signal,
    expired: () => controller.signal.aborted,
    callerAborted: () => callerSignal?.aborted === true,
    callerReason: (): unknown => callerSignal?.reason,
    clear: () => clearTimeout(timer),
    /** Gives the provider another full `timeoutMs` (a chunk arrived). */
    restart: () => {
      clearTimeout(timer);
      if (!controller.signal.aborted) timer = setTimeout(() => controller.abort(), timeoutMs);
    },
  };
}

/** The SDK's error classes onto ours; an abort the caller asked for passes through untouched. */
function mapSdkError(provider: AiProviderId, error: unknown): unknown {
  if (error instanceof OpenAI.APIUserAbortError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return providerTimeout(provider);
  if (error instanceof OpenAI.APIError) {
    if (error.status === 408 || error.status === 504 || error.status === 524)
      return providerTimeout(provider);
    const body = error.error as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : undefined;
    return providerFailed(
      provider,
      message ?? (error.status ? `answered HTTP ${error.status}` : 'sent a broken stream'),
    );
  }
  if (error instanceof OpenAI.OpenAIError)
    return providerFailed(provider, 'sent an answer Lumara could not read');
  if (error instanceof SyntaxError) return providerFailed(provider, 'sent an answer Lumara could not read');
  if (isDroppedConnection(error)) return providerFailed(provider, 'dropped the connection mid-answer');
  return error;
}
