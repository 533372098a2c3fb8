import OpenAI from 'openai';
import type { AiProviderId } from '#shared/ai.ts';
import type { ChatProvider, ChatReply, ChatRequest } from './chat-provider.ts';
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
 */
export function createOpenAiCompatibleChat(options: OpenAiCompatibleOptions): ChatProvider {
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

  return {
    id: options.id,

    async complete(request: ChatRequest): Promise<ChatReply> {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      const deadline = startDeadline(options.timeoutMs, request.signal);
      try {
        completion = await client.chat.completions.create(
          {
            model: request.model,
            messages: request.messages,
            max_tokens: request.maxTokens,
          },
          { signal: deadline.signal },
        );
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
      return {
        text: typeof content === 'string' ? content : '',
        model: typeof completion.model === 'string' && completion.model ? completion.model : request.model,
      };
    },

    async *stream(request: ChatRequest): AsyncIterable<string> {
      const deadline = startDeadline(options.timeoutMs, request.signal);
      try {
        const stream = await client.chat.completions.create(
          {
            model: request.model,
            messages: request.messages,
            stream: true,
            max_tokens: request.maxTokens,
          },
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
          if (typeof text === 'string' && text !== '') yield text;
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
    },
  };
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
