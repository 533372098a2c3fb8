import { z } from 'zod';
import { proposalSchema } from './agent-tools.ts';
import { aiProviderIdSchema, chatRoleSchema, modelIdSchema } from './ai.ts';
import { styleModeSchema } from './chat-persona.ts';
import { rowIdParamSchema, rowIdSchema } from './row-id.ts';
import { reason } from './texts.ts';
import { timeZoneSchema } from './time-zone.ts';

/** Chat threads, messages and memory. */

export const NEW_CHAT_TITLE = 'New Chat';
export const CHAT_LIMITS = {
  titleMax: 120,
  contentMax: 8_000,
  /** Messages answered per page of a thread, newest page first. */
  pageDefault: 100,
  pageMax: 200,
} as const;

/** Kept exactly as members know it. */
export const CHAT_FAILURE_TEXT = 'Oops! Something went wrong. Please try again. 💫';
export const EMPTY_REPLY_TEXT = '(no reply)';

export const chatThreadSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ChatThread' });
export type ChatThread = z.infer<typeof chatThreadSchema>;

export const chatMessageSchema = z
  .object({
    id: z.number().int(),
    thread_id: z.number().int(),
    user_id: z.number().int(),
    role: chatRoleSchema,
    content: z.string(),
    created_at: z.string(),
    /** An assistant reply the member stopped before it ended: what arrived is kept. */
    stopped: z.boolean().optional(),
    /** Changes this reply proposed with write tools, applied only when the member says so (agent-tools.ts). */
    proposal: proposalSchema.optional(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatThreadsResponseSchema = z.array(chatThreadSchema);

export const chatThreadDetailSchema = z.object({
  thread: chatThreadSchema,
  /** Oldest first; the newest page unless `before` asked for older ones. */
  messages: z.array(chatMessageSchema),
  /** The running summary of what the thread covered before its recent messages; '' while the thread is short. */
  memory: z.string(),
  /** Older messages exist: ask again with `before` = the first message's id. */
  hasMore: z.boolean(),
});
export type ChatThreadDetail = z.infer<typeof chatThreadDetailSchema>;

export const threadPageQuerySchema = z.object({
  before: rowIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.pageMax).default(CHAT_LIMITS.pageDefault),
});

export const createThreadRequestSchema = z.object({
  title: z
    .string()
    .trim()
    .max(CHAT_LIMITS.titleMax, reason('shared.limits.atMostCharacters', { max: CHAT_LIMITS.titleMax }))
    .optional()
    .transform((title) => (title ? title : NEW_CHAT_TITLE)),
});

export const threadIdSchema = rowIdSchema;

/** How a reply is asked for: which model, and whether the Lumara persona speaks (and in which style). */
const replySettingsSchema = z.object({
  provider: aiProviderIdSchema,
  model: modelIdSchema,
  /** The Lumara System toggle; off sends no system prompt at all. */
  lumaraSystem: z.boolean().default(true),
  styleMode: styleModeSchema.default('default'),
  /**
   * The browser's time zone (IANA), for the AI's tools when the member's profile names none: which day "today"
   * is. Optional; UTC when neither names one.
   */
  time_zone: timeZoneSchema.optional(),
});

/** `POST /api/chat/send` and its streaming twin `POST /api/chat/stream`. */
export const sendChatRequestSchema = replySettingsSchema.extend({
  threadId: threadIdSchema,
  content: z
    .string()
    .trim()
    .min(1, reason('shared.chat.writeMessage'))
    .max(CHAT_LIMITS.contentMax, reason('shared.limits.atMostCharacters', { max: CHAT_LIMITS.contentMax })),
});
export type SendChatRequest = z.infer<typeof sendChatRequestSchema>;
export type SendChatInput = z.input<typeof sendChatRequestSchema>;

/** `POST /api/chat/regenerate` (streaming): answers the thread's last member message again. */
export const regenerateChatRequestSchema = replySettingsSchema.extend({ threadId: threadIdSchema });
export type RegenerateChatInput = z.input<typeof regenerateChatRequestSchema>;

export const sendChatResponseSchema = z.object({
  userMessage: chatMessageSchema,
  aiMessage: chatMessageSchema,
});
export type SendChatResponse = z.infer<typeof sendChatResponseSchema>;

/**
 * The server-sent events of `POST /api/chat/stream` and `/api/chat/regenerate`, in order: `user` once (the
 * stored member message; not sent on regenerate), `delta` per piece of text and `tool` while the model uses a
 * tool, `proposal` when it proposed changes, then exactly one of `done` (the stored reply) or `error` (nothing
 * stored for the reply; the member message stays).
 */
export const chatStreamEventSchemas = {
  user: z.object({ userMessage: chatMessageSchema }),
  delta: z.object({ text: z.string() }),
  /** A tool the model is using while it works (`running`, then `done` or `failed`). */
  tool: z.object({ name: z.string(), status: z.enum(['running', 'done', 'failed']) }),
  /** The changes the reply proposes, before `done` (whose `aiMessage.proposal` is the same). */
  proposal: z.object({ proposal: proposalSchema }),
  done: z.object({ aiMessage: chatMessageSchema }),
  error: z.object({ code: z.string(), message: z.string() }),
} as const;
export type ChatStreamEventName = keyof typeof chatStreamEventSchemas;
