import {
  boundToolCalls,
  type ChatProvider,
  type ChatRequest,
  type ChatStreamPiece,
} from './chat-provider.ts';

/**
 * A provider's chat client as every feature gets it (`AiProviders.chat`): a model the server does not offer is
 * refused before the call (`requireModel` throws), and the answer is cut at the request's `maxChars` where it
 * arrives, whole or streamed. A stream that reaches the cut is left there, which ends the provider's stream (the
 * SDK aborts its request): nothing past the cut is read, or billed beyond what was sent. Tool calls are held to
 * `TOOL_CALL_BOUNDS` (their number, and their arguments' characters all together), and a client that can use
 * tools keeps its `streamTurn`, bounded the same way.
 */
export function boundedChat(client: ChatProvider, requireModel: (model: string) => void): ChatProvider {
  const streamTurn = client.streamTurn?.bind(client);
  const bounded: ChatProvider = {
    id: client.id,
    async complete(request) {
      requireModel(request.model);
      const reply = await client.complete(request);
      const { toolCalls, ...rest } = reply;
      const calls = toolCalls ? boundToolCalls(toolCalls) : [];
      return {
        ...rest,
        text: cutAt(reply.text, request.maxChars),
        ...(calls.length > 0 ? { toolCalls: calls } : {}),
      };
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
  if (streamTurn) bounded.streamTurn = (request) => boundedTurn(streamTurn, request, requireModel);
  return bounded;
}

/** `streamTurn` cut as `stream` is: the text at `maxChars` (the stream is left there), the calls to the bounds. */
async function* boundedTurn(
  streamTurn: (request: ChatRequest) => AsyncIterable<ChatStreamPiece>,
  request: ChatRequest,
  requireModel: (model: string) => void,
): AsyncIterable<ChatStreamPiece> {
  requireModel(request.model);
  let left = request.maxChars;
  for await (const piece of streamTurn(request)) {
    if (piece.type === 'tool_calls') {
      const calls = boundToolCalls(piece.calls);
      if (calls.length > 0) yield { type: 'tool_calls', calls };
      continue;
    }
    const kept = cutAt(piece.text, left);
    if (kept !== '') yield { type: 'text', text: kept };
    left -= kept.length;
    if (kept.length < piece.text.length || left <= 0) return;
  }
}

/** At most `maxChars` UTF-16 units of `text`, never ending between the two halves of a surrogate pair. */
export function cutAt(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 0) return '';
  const last = text.charCodeAt(maxChars - 1);
  const endsInHighSurrogate = last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, endsInHighSurrogate ? maxChars - 1 : maxChars);
}
