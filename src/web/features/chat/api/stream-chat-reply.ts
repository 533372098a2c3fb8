import type { z } from 'zod';
import type { Proposal } from '#shared/agent-tools.ts';
import {
  type ChatMessage,
  type ChatStreamEventName,
  chatStreamEventSchemas,
  type RegenerateChatInput,
  type SendChatInput,
} from '#shared/chat.ts';
import { errorStatusByCode, isErrorCode } from '#shared/error-codes.ts';
import { ApiError, api, toApiError } from '#web/lib/api-client.ts';
import { translate } from '#web/lib/i18n/use-t.ts';
import { readSseFrames, type SseFrame } from './sse-frames.ts';

/** `POST /api/chat/stream` (a member message, then its reply) and `POST /api/chat/regenerate` (a new reply). */
export type ChatReplyRequest =
  | { kind: 'send'; body: SendChatInput }
  | { kind: 'regenerate'; body: RegenerateChatInput };

export type ChatReplyHandlers = {
  /** The member message as stored (the `user` event; not sent on regenerate). */
  onUserMessage?: (message: ChatMessage) => void;
  /** One more piece of the reply. */
  onDelta?: (text: string) => void;
  /** A tool the model is using (`running`, then `done` or `failed`). */
  onTool?: (tool: { name: string; status: 'running' | 'done' | 'failed' }) => void;
  /** The changes the reply proposes (the stored reply's `proposal` says the same). */
  onProposal?: (proposal: Proposal) => void;
};

export type ChatReplyResult = {
  /** The stored reply (the `done` event). */
  aiMessage: ChatMessage;
  /**
   * Settles when the server closes the stream. It may stay open a little after `done` while it updates the
   * thread's memory; never rejects.
   */
  closed: Promise<void>;
};

/**
 * Streams a reply: POSTs the request, then reads its server-sent events in order (`user`, `delta`, `tool` and `proposal`…, then `done`
 * or `error`), each checked against the shared schemas. Answers at `done`; throws an ApiError for a non-2xx
 * answer or an `error` event, an Error when the stream breaks or ends early, and the AbortError when `signal`
 * (the Stop button) aborts it.
 */
export async function streamChatReply(
  request: ChatReplyRequest,
  { signal, onUserMessage, onDelta, onTool, onProposal }: ChatReplyHandlers & { signal?: AbortSignal } = {},
): Promise<ChatReplyResult> {
  // The typed call, read as a stream: hc sends the JSON body (Content-Type) and the session cookie.
  const options = { headers: { Accept: 'text/event-stream' }, init: { signal } };
  const [path, response] =
    request.kind === 'send'
      ? [api.chat.stream.$path(), await api.chat.stream.$post({ json: request.body }, options)]
      : [api.chat.regenerate.$path(), await api.chat.regenerate.$post({ json: request.body }, options)];
  if (!response.ok) throw await toApiError(response);
  if (!response.body) throw new Error(`POST ${path} answered without a body`);

  const frames = readSseFrames(response.body);
  try {
    while (true) {
      const next = await frames.next();
      if (next.done) throw new Error(translate('chat.reply.cutShort'));
      const event = readEvent(next.value, path);
      if (!event) continue;
      switch (event.name) {
        case 'user':
          onUserMessage?.(event.data.userMessage);
          break;
        case 'delta':
          if (event.data.text) onDelta?.(event.data.text);
          break;
        case 'tool':
          onTool?.(event.data);
          break;
        case 'proposal':
          onProposal?.(event.data.proposal);
          break;
        case 'done':
          return { aiMessage: event.data.aiMessage, closed: drain(frames) };
        case 'error':
          throw streamError(event.data);
      }
    }
  } catch (error) {
    // Releases the connection (already closed by the server after an `error` event).
    await frames.return(undefined).catch(() => {});
    throw error;
  }
}

type StreamEvent = {
  [Name in ChatStreamEventName]: { name: Name; data: z.infer<(typeof chatStreamEventSchemas)[Name]> };
}[ChatStreamEventName];

function isEventName(name: string): name is ChatStreamEventName {
  return Object.hasOwn(chatStreamEventSchemas, name);
}

/** The frame as one of the contract's events; undefined for events it does not name (ignored). */
function readEvent(frame: SseFrame, path: string): StreamEvent | undefined {
  if (!isEventName(frame.event)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(frame.data);
  } catch (cause) {
    throw new Error(`Unexpected answer from POST ${path}: the ${frame.event} event is not JSON`, { cause });
  }
  const parsed = chatStreamEventSchemas[frame.event].safeParse(json);
  if (!parsed.success) {
    // The server broke the shared contract: a bug to fix, not a state the UI can recover from.
    throw new Error(`Unexpected answer from POST ${path}: a malformed ${frame.event} event`, {
      cause: parsed.error,
    });
  }
  return { name: frame.event, data: parsed.data } as StreamEvent;
}

/** An `error` event becomes the same ApiError a JSON error answer would. */
function streamError(data: { code: string; message: string }): ApiError {
  const code = isErrorCode(data.code) ? data.code : null;
  return new ApiError({
    status: code ? errorStatusByCode[code] : 502,
    code: code ?? 'unknown',
    message: data.message,
  });
}

async function drain(frames: AsyncGenerator<SseFrame>): Promise<void> {
  try {
    while (!(await frames.next()).done) {
      // Nothing follows `done` that the page needs; reading on lets the server finish cleanly.
    }
  } catch {
    // A connection dropped after `done` loses nothing: the reply is stored.
  }
}
