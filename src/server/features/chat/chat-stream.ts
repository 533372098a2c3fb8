import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { z } from 'zod';
import type { AppEnv } from '#server/lib/http/app-env.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { ChatProvider, ChatRequest } from '#server/providers/chat-provider.ts';
import type { Proposal } from '#shared/agent-tools.ts';
import type { ChatMessage, ChatStreamEventName, chatStreamEventSchemas } from '#shared/chat.ts';
import type { AgentStreamPiece, AgentWriteCall } from './chat-agent-turns.ts';

export type ReplyStream = {
  /**
   * Starts the reply: its text, a tool's progress, and (a reply that may use tools) last its `end` with the write
   * calls collected. `signal` aborts it (the member pressed Stop). `textPieces` makes it for a plain reply.
   */
  pieces(signal: AbortSignal): AsyncIterable<AgentStreamPiece>;
  /** The stored member message, sent first as the `user` event; absent on regenerate. */
  userMessage?: ChatMessage;
  /** Stores the reply: the whole of it, or (`stopped`) what arrived before the member pressed Stop. */
  store(text: string, stopped: boolean): Promise<ChatMessage>;
  /**
   * Makes the proposal of the stored reply from the write calls it collected: called once the reply is stored,
   * only when it collected some, never for a stopped reply.
   */
  propose?(aiMessage: ChatMessage, writeCalls: AgentWriteCall[]): Promise<Proposal>;
  /** Runs after `done` is written and before the stream closes (the memory update). Must not throw. */
  afterDone(): Promise<void>;
  logger: Logger;
};

/** A reply without tools as `ReplyStream` pieces: the provider's text, piece by piece. */
export function textPieces(
  provider: ChatProvider,
  request: Omit<ChatRequest, 'signal'>,
): (signal: AbortSignal) => AsyncIterable<AgentStreamPiece> {
  return async function* (signal) {
    for await (const text of provider.stream({ ...request, signal })) yield { type: 'text', text };
  };
}

/**
 * Answers a reply as server-sent events: `user` (when given), `delta` per piece of text and `tool` per step of a
 * tool the model uses, then (when the reply proposed changes) `proposal`, then `done` or `error`.
 *
 * The first piece is awaited before the stream starts, so a provider that fails before saying anything
 * answers plain JSON (502/504) like `/send` does, and the page reads one error shape. Once text flows, a
 * failure is an `error` event (the status is already 200) and no reply is stored.
 *
 * Stop: when the member goes away (the browser aborts the fetch), the provider call is aborted through the
 * signal handed to `pieces()`, and what arrived is stored with `stopped: true` (proposing nothing); nothing is
 * stored if no text arrived. The callback never throws, so an aborted request leaves no unhandled rejection and
 * no 500 log.
 */
export async function streamReply(c: Context<AppEnv>, reply: ReplyStream): Promise<Response> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  // The Node adapter aborts the request's signal when the client's connection closes.
  const clientSignal = c.req.raw.signal;
  if (clientSignal.aborted) stop();
  else clientSignal.addEventListener('abort', stop, { once: true });

  const pieces = reply.pieces(controller.signal)[Symbol.asyncIterator]();
  let first: IteratorResult<AgentStreamPiece>;
  try {
    first = await pieces.next();
  } catch (error) {
    clientSignal.removeEventListener('abort', stop);
    // Gone before a word arrived: nothing to store, and nobody left to read an answer.
    if (controller.signal.aborted) return c.body(null, 204);
    throw error;
  }
  if (first.done && controller.signal.aborted) return c.body(null, 204);

  return streamSSE(c, async (sse) => {
    sse.onAbort(stop);
    let received = '';
    let writeCalls: AgentWriteCall[] = [];
    let failure: unknown;
    try {
      if (reply.userMessage) await send(sse, 'user', { userMessage: reply.userMessage });
      for (let next = first; !next.done; next = await pieces.next()) {
        const piece = next.value;
        // Writing to a stream the client cancelled does not throw (Hono swallows it); the abort ends the loop.
        if (piece.type === 'text') {
          received += piece.text;
          await send(sse, 'delta', { text: piece.text });
        } else if (piece.type === 'tool') {
          await send(sse, 'tool', { name: piece.name, status: piece.status });
        } else {
          writeCalls = piece.writeCalls;
        }
      }
    } catch (error) {
      failure = error;
    }

    try {
      // The OpenAI SDK ends an aborted stream quietly rather than throwing, so the signal is what tells.
      if (controller.signal.aborted) {
        if (received.trim() !== '') await reply.store(received, true);
        return;
      }
      if (failure !== undefined) {
        await send(sse, 'error', errorEvent(failure, reply.logger));
        return;
      }
      let aiMessage = await reply.store(received, false);
      if (writeCalls.length > 0 && reply.propose) {
        const proposal = await reply.propose(aiMessage, writeCalls);
        await send(sse, 'proposal', { proposal });
        aiMessage = { ...aiMessage, proposal };
      }
      await send(sse, 'done', { aiMessage });
    } catch (error) {
      // Storing failed (the database went away): say so on the stream rather than crash the callback.
      await send(sse, 'error', errorEvent(error, reply.logger));
      return;
    } finally {
      clientSignal.removeEventListener('abort', stop);
    }
    // Only after `done`: `done` or `error` is the last event, exactly one of them.
    try {
      await reply.afterDone();
    } catch (error) {
      reply.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'after a chat reply',
      );
    }
  });
}

async function send<E extends ChatStreamEventName>(
  sse: SSEStreamingApi,
  event: E,
  data: z.input<(typeof chatStreamEventSchemas)[E]>,
): Promise<void> {
  await sse.writeSSE({ event, data: JSON.stringify(data) });
}

/** A provider's failure as the page shows it; anything else is a bug, logged and answered without detail. */
function errorEvent(error: unknown, logger: Logger): { code: string; message: string } {
  if (error instanceof AppError) {
    logger.warn({ code: error.code, message: error.message }, 'chat stream ended with an error');
    return { code: error.code, message: error.message };
  }
  logger.error(
    {
      err: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
    },
    'chat stream failed',
  );
  return { code: 'internal', message: say('server.http.internal') };
}
