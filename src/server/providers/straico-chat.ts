import { withoutTrailingSlashes } from '#server/lib/data/trailing-slashes.ts';
import type { AiChatMessage } from '#shared/ai.ts';
import { type ChatProvider, type ChatReply, type ChatRequest, isPlainTurn } from './chat-provider.ts';
import { providerFailed } from './provider-errors.ts';
import { providerFetch } from './provider-fetch.ts';

/**
 * Straico's chat, over its v0 completion call (the OpenAI-compatible v2 family is only
 * announced, so no SDK speaks it yet: decision 0011). The call takes one `message`, so the conversation is
 * written out as a transcript. Straico does not stream: `stream` yields the whole reply once.
 *
 * Nor does it call tools (it has no `streamTurn`): a request's `tools` are not sent, and tool turns, which no
 * caller sends it, are left out of the transcript.
 */
export function createStraicoChat(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
}): ChatProvider {
  async function complete(request: ChatRequest): Promise<ChatReply> {
    const response = await providerFetch(
      // Appended, not resolved: a base URL with a path (a proxy in front of Straico) keeps it.
      `${withoutTrailingSlashes(options.baseUrl)}/v0/prompt/completion`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: request.model,
          message: transcriptOf(request.messages.filter(isPlainTurn)),
          max_tokens: request.maxTokens,
        }),
      },
      {
        provider: 'straico',
        timeoutMs: options.timeoutMs,
        maxRetries: options.maxRetries,
        signal: request.signal,
      },
    );
    const body = (await response.json().catch(() => null)) as StraicoCompletionBody | null;
    // A body cut short by the caller's abort is the caller stopping, not Straico failing.
    request.signal?.throwIfAborted();
    if (body?.success !== true) {
      throw providerFailed(
        'straico',
        typeof body?.error === 'string' ? body.error : 'answered without a reply',
      );
    }
    const completion = body.data?.completion;
    const content = completion?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw providerFailed('straico', 'answered without a reply');
    return { text: content, model: typeof completion?.model === 'string' ? completion.model : request.model };
  }

  return {
    id: 'straico',
    complete,
    async *stream(request) {
      const reply = await complete(request);
      if (reply.text) yield reply.text;
    },
  };
}

type StraicoCompletionBody = {
  success?: unknown;
  error?: unknown;
  data?: {
    completion?: { model?: unknown; choices?: { message?: { content?: unknown } }[] };
  };
};

/** One message for Straico: instructions first, then the turns, ending with the member's question. */
export function transcriptOf(messages: AiChatMessage[]): string {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const turns = messages.filter((m) => m.role !== 'system');
  if (system.length === 0 && turns.length === 1) return turns[0]?.content ?? '';
  const lines = [
    ...(system.length > 0 ? [`Instructions:\n${system.join('\n\n')}`] : []),
    ...turns.map((m) => `${m.role === 'user' ? 'Member' : 'Assistant'}: ${m.content}`),
    'Assistant:',
  ];
  return lines.join('\n\n');
}
