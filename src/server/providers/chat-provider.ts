import { AI_LIMITS, type AiChatMessage, type AiProviderId } from '#shared/ai.ts';

/**
 * How much of a model's answer one use of it may have. Every call names both (each use has its own named
 * constant beside it), so no answer is ever unbounded.
 */
export type ReplyBounds = {
  /** The most the model may write, in tokens: sent as `max_tokens`, the provider stops and bills there. */
  maxTokens: number;
  /**
   * The most characters of the answer Lumara reads: the rest is cut where the answer arrives (bounded-chat.ts),
   * whole or streamed, before any of Lumara's code reads it. Tokens do not bound characters: a provider may
   * ignore `max_tokens`, and a run of whitespace is many characters to one token.
   */
  maxChars: number;
};

/**
 * What every chat-capable provider does, whatever its wire. Failures are thrown as `AppError`s:
 * `provider_failed` (502, with the provider's message), `provider_timeout` (504).
 */
export type ChatRequest = ReplyBounds & {
  model: string;
  /** Plain messages (what every caller sends), and in a reply that uses tools its tool turns. */
  messages: ChatTurn[];
  /**
   * Tools the model may call, on providers that can use them (`canUseTools`): sent as OpenAI's
   * `tools: [{type: 'function', function: {name, description, parameters}}]`. Others ignore them.
   */
  tools?: readonly ChatToolDefinition[];
  /** With `tools`: `auto` (the default) lets the model call them, `none` makes it answer in words. */
  toolChoice?: 'auto' | 'none';
  /** Cancels the provider call: the member stopped the reply or went away. */
  signal?: AbortSignal;
};

/** A tool as the model is offered it: `parameters` is the JSON Schema of its arguments. */
export type ChatToolDefinition = {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
};

/** A call the model made: `arguments` is the JSON string exactly as it wrote it (not checked, maybe not JSON). */
export type ChatToolCall = { id: string; name: string; arguments: string };

/** The model's turn that called tools, sent back to it before their results (`tool_calls` on the wire). */
export type AssistantToolTurn = { role: 'assistant'; content: string; toolCalls: ChatToolCall[] };
/** One tool's result, answering the call with the same id (`{role: 'tool', tool_call_id, content}`). */
export type ToolResultTurn = { role: 'tool'; toolCallId: string; content: string };
/** One message of a conversation sent to a model. */
export type ChatTurn = AiChatMessage | AssistantToolTurn | ToolResultTurn;

/** A turn with neither tool calls nor a tool's result: what a provider without tools can read. */
export function isPlainTurn(turn: ChatTurn): turn is AiChatMessage {
  return turn.role !== 'tool' && !('toolCalls' in turn);
}

/**
 * How much of a model's tool calls one answer may hold: calls past `callsMax` are dropped, and the arguments are
 * cut once all the calls' arguments together reach `argumentChars` (a cut call's arguments are no longer JSON, so
 * the reply loop answers it as malformed). Applied where the calls arrive (the OpenAI client stops reading the
 * stream there) and again by bounded-chat.ts for every provider.
 */
export const TOOL_CALL_BOUNDS = { callsMax: 20, argumentChars: 20_000 } as const;

/** A reply in a conversation (a chat thread, `POST /api/ai/chat`, the profile's bio): what one message holds. */
export const CONVERSATION_REPLY: ReplyBounds = { maxTokens: 4_096, maxChars: AI_LIMITS.messageMax };

export type ChatReply = {
  text: string;
  /** The model that answered; OpenRouter's auto router names the model it picked. */
  model: string;
  /** The tools the model called (`finish_reason: "tool_calls"`); absent when it called none. */
  toolCalls?: ChatToolCall[];
};

/**
 * A piece of a streamed answer that may call tools: text as it arrives, then, at the end, every tool call
 * assembled from the stream's `delta.tool_calls` fragments (at most once, only when there were calls).
 */
export type ChatStreamPiece = { type: 'text'; text: string } | { type: 'tool_calls'; calls: ChatToolCall[] };

export interface ChatProvider {
  readonly id: AiProviderId;
  complete(request: ChatRequest): Promise<ChatReply>;
  /** Yields the reply's text piece by piece as the provider sends it (tool calls, if any, are not read). */
  stream(request: ChatRequest): AsyncIterable<string>;
  /**
   * The stream with its tool calls: text pieces, then the calls. Only providers that can use tools have it
   * (the OpenAI wire: OpenRouter and OpenAI-compatible servers); Straico has not. Check with `canUseTools`.
   */
  streamTurn?(request: ChatRequest): AsyncIterable<ChatStreamPiece>;
}

/** A chat provider that can call tools. */
export type ToolCallingChatProvider = ChatProvider & Required<Pick<ChatProvider, 'streamTurn'>>;

/** Whether the provider sends `tools` to its models and reads their calls back. */
export function canUseTools(provider: ChatProvider): provider is ToolCallingChatProvider {
  return typeof provider.streamTurn === 'function';
}

/** The calls within `TOOL_CALL_BOUNDS`: the first `callsMax`, their arguments cut once they reach the total. */
export function boundToolCalls(calls: readonly ChatToolCall[]): ChatToolCall[] {
  let left: number = TOOL_CALL_BOUNDS.argumentChars;
  return calls.slice(0, TOOL_CALL_BOUNDS.callsMax).map((call) => {
    const kept = call.arguments.length <= left ? call.arguments : call.arguments.slice(0, Math.max(left, 0));
    left -= kept.length;
    return kept === call.arguments ? call : { ...call, arguments: kept };
  });
}
