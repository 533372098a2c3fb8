import type { AiChatMessage, AiProviderId } from '#shared/ai.ts';

/**
 * What every chat-capable provider does, whatever its wire. Failures are thrown as `AppError`s:
 * `provider_failed` (502, with the provider's message), `provider_timeout` (504).
 */
export type ChatRequest = {
  model: string;
  messages: AiChatMessage[];
  /** Cancels the provider call: the member stopped the reply or went away. */
  signal?: AbortSignal;
  maxTokens?: number;
};

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
