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
  messages: AiChatMessage[];
  /** Cancels the provider call: the member stopped the reply or went away. */
  signal?: AbortSignal;
};

/** A reply in a conversation (a chat thread, `POST /api/ai/chat`, the profile's bio): what one message holds. */
export const CONVERSATION_REPLY: ReplyBounds = { maxTokens: 4_096, maxChars: AI_LIMITS.messageMax };

export type ChatReply = {
  text: string;
  /** The model that answered; OpenRouter's auto router names the model it picked. */
  model: string;
};

export interface ChatProvider {
  readonly id: AiProviderId;
  complete(request: ChatRequest): Promise<ChatReply>;
  /** Yields the reply's text piece by piece as the provider sends it. */
  stream(request: ChatRequest): AsyncIterable<string>;
}
