import type { ChatProvider } from './chat-provider.ts';

/**
 * A provider's chat client as every feature gets it (`AiProviders.chat`): a model the server does not offer is
 * refused before the call (`requireModel` throws), and the answer is cut at the request's `maxChars` where it
 * arrives, whole or streamed. A stream that reaches the cut is left there, which ends the provider's stream (the
 * SDK aborts its request): nothing past the cut is read, or billed beyond what was sent.
 */
export function boundedChat(client: ChatProvider, requireModel: (model: string) => void): ChatProvider {
  return {
    id: client.id,
    async complete(request) {
      requireModel(request.model);
      const reply = await client.complete(request);
      return { ...reply, text: cutAt(reply.text, request.maxChars) };
    },
    async *stream(request) {
      requireModel(request.model);
      let left = request.maxChars;
      for await (const piece of client.stream(request)) {
        const kept = cutAt(piece, left);
        if (kept !== '') yield kept;
        left -= kept.length;
        if (kept.length < piece.length || left <= 0) return;
      }
    },
  };
}

/** At most `maxChars` UTF-16 units of `text`, never ending between the two halves of a surrogate pair. */
export function cutAt(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 0) return '';
  const last = text.charCodeAt(maxChars - 1);
  const endsInHighSurrogate = last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, endsInHighSurrogate ? maxChars - 1 : maxChars);
}
