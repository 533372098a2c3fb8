import { z } from 'zod';
import { reason } from './texts.ts';

/**
 * The AI contract: providers, the model catalogue, the whole-answer chat call,
 * the prompt optimizer and the configuration report. Streaming chat lives in `chat.ts`.
 */

/**
 * The providers a member can pick. `openrouter`, `straico` and `fal` are hosted services; `local` is any
 * OpenAI-compatible server the operator points Lumara at (Ollama, LM Studio, vLLM), listed only when configured.
 */
export const aiProviderIds = ['openrouter', 'straico', 'fal', 'local'] as const;
export const aiProviderIdSchema = z.enum(aiProviderIds);
export type AiProviderId = z.infer<typeof aiProviderIdSchema>;

export const aiProviderLabels: Record<AiProviderId, string> = {
  openrouter: 'OpenRouter',
  straico: 'Straico',
  fal: 'fal.ai',
  local: 'Local model',
};

/**
 * The providers whose chat models can call Lumara's tools (OpenAI's tool calling: read the member's tasks,
 * calendar and focus, propose changes). Straico's chat cannot: with it the studio says the model cannot act.
 */
export const toolCallingProviderIds: readonly AiProviderId[] = ['openrouter', 'local'];
export function providerCanUseTools(provider: AiProviderId): boolean {
  return toolCallingProviderIds.includes(provider);
}

export const DEFAULT_AI_PROVIDER: AiProviderId = 'openrouter';
export const DEFAULT_AI_MODEL = 'openrouter/auto';

/** Live OpenRouter models merged into the catalogue: per surface that asks. */
export const LIVE_MODEL_LIMITS = { studio: 100, community: 150 } as const;
export const modelSurfaceSchema = z.enum(['studio', 'community']);
export type ModelSurface = z.infer<typeof modelSurfaceSchema>;

export const modelKindSchema = z.enum(['chat', 'image', 'video', 'audio']);
export type ModelKind = z.infer<typeof modelKindSchema>;

export const aiModelSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** Tokens the model reads at once, when the provider says (OpenRouter's live list); null when unknown. */
  contextLength: z.number().int().nullable().optional(),
});
export type AiModel = z.infer<typeof aiModelSchema>;

/** One group of the model select: a provider's models of one kind. */
export const modelCategorySchema = z
  .object({
    id: z.string(),
    label: z.string(),
    provider: aiProviderIdSchema,
    kind: modelKindSchema,
    models: z.array(aiModelSchema),
    /** Chat categories: whether their models can use Lumara's tools (false: the studio says they cannot act). */
    canUseTools: z.boolean().optional(),
  })
  .meta({ id: 'AiModelCategory' });
export type ModelCategory = z.infer<typeof modelCategorySchema>;

/** The member's saved choice, answered with the catalogue so the studio opens on it. */
export const aiChoiceSchema = z.object({ provider: aiProviderIdSchema, model: z.string() });
export type AiChoice = z.infer<typeof aiChoiceSchema>;

export const aiModelsResponseSchema = z.object({
  data: z.array(modelCategorySchema),
  /** Providers the operator configured (keys set); the others are listed but answer 503 when used. */
  configured: z.array(aiProviderIdSchema),
  defaults: aiChoiceSchema,
});
export type AiModelsResponse = z.infer<typeof aiModelsResponseSchema>;

/** Model ids travel into provider URLs and bodies: printable, no spaces, bounded. */
export const modelIdSchema = z
  .string()
  .trim()
  .min(1, reason('shared.ai.chooseModel'))
  .max(200, reason('shared.limits.atMostCharacters', { max: 200 }))
  .regex(/^[\w.:/@+-]+$/, reason('shared.ai.modelIdCharacters'));

export const chatRoleSchema = z.enum(['system', 'user', 'assistant']);
export type ChatRole = z.infer<typeof chatRoleSchema>;

export const AI_LIMITS = {
  /** One message's text, as typed or generated. */
  messageMax: 20_000,
  messagesMax: 60,
  promptMax: 4_000,
} as const;

export const aiChatMessageSchema = z.object({
  role: chatRoleSchema,
  content: z
    .string()
    .max(AI_LIMITS.messageMax, reason('shared.limits.atMostCharacters', { max: AI_LIMITS.messageMax })),
});
export type AiChatMessage = z.infer<typeof aiChatMessageSchema>;

/** `POST /api/ai/chat`: the whole answer at once. */
export const aiChatRequestSchema = z.object({
  messages: z
    .array(aiChatMessageSchema)
    .min(1, reason('shared.ai.sendOneMessage'))
    .max(AI_LIMITS.messagesMax, reason('shared.limits.atMostMessages', { max: AI_LIMITS.messagesMax }))
    .refine(
      (messages) => messages.some((m) => m.content.trim() !== ''),
      reason('shared.ai.writeSomethingToSend'),
    ),
  model: modelIdSchema.optional(),
  provider: aiProviderIdSchema.optional(),
});

/** The reply readable both ways clients read it: `choices[0].message.content` and `text`. */
export const aiChatResponseSchema = z.object({
  text: z.string(),
  provider: aiProviderIdSchema,
  /** The model that answered (OpenRouter's auto router names the model it chose). */
  model: z.string(),
  choices: z.array(z.object({ message: z.object({ role: z.literal('assistant'), content: z.string() }) })),
});
export type AiChatResponse = z.infer<typeof aiChatResponseSchema>;

/** `POST /api/ai/optimize-prompt`: the prompt optimizer's call. */
export const optimizePromptRequestSchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, reason('shared.ai.writePromptToOptimize'))
    .max(AI_LIMITS.promptMax, reason('shared.limits.atMostCharacters', { max: AI_LIMITS.promptMax })),
  provider: aiProviderIdSchema.optional(),
  model: modelIdSchema.optional(),
});
export const optimizePromptResponseSchema = z.object({ prompt: z.string() });
export type OptimizePromptResponse = z.infer<typeof optimizePromptResponseSchema>;

/** `GET /api/_debug/ai-diag`: booleans only, never a key or a URL. */
export const aiDiagResponseSchema = z.object({
  /** A chat provider is configured (OpenRouter or a local model): chat, bios, research synthesis work. */
  core: z.boolean(),
  fal: z.boolean(),
  /** fal's Ideogram route, which avatar generation uses. */
  falIdeogram: z.boolean(),
  openrouter: z.boolean(),
  straico: z.boolean(),
  local: z.boolean(),
  timestamp: z.string(),
});
export type AiDiagResponse = z.infer<typeof aiDiagResponseSchema>;

/** `POST /api/profile/set-ai`. */
export const setAiRequestSchema = z.object({ aiProvider: aiProviderIdSchema, aiModel: modelIdSchema });
export type SetAiRequest = z.infer<typeof setAiRequestSchema>;
