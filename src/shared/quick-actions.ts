import { z } from 'zod';
import { aiProviderIdSchema, modelIdSchema } from './ai.ts';
import { reason } from './texts.ts';

/** Quick actions. */

/** Where the member's selected (or typed) text goes in a prompt template. */
export const SELECTION_PLACEHOLDER = '{{selection}}';
/** A prompt is cut to the action's maxChars, 4000 when it names none. */
export const DEFAULT_QUICK_ACTION_MAX_CHARS = 4000;
export const QUICK_ACTION_LIMITS = { labelMax: 60, iconMax: 16, categoryMax: 40, templateMax: 4000 } as const;

export const quickActionPayloadSchema = z.object({
  provider: aiProviderIdSchema,
  model: modelIdSchema,
  type: z.enum(['chat', 'research']),
  maxChars: z
    .number()
    .int()
    .min(1)
    .max(DEFAULT_QUICK_ACTION_MAX_CHARS)
    .default(DEFAULT_QUICK_ACTION_MAX_CHARS),
  promptTemplate: z
    .string()
    .max(
      QUICK_ACTION_LIMITS.templateMax,
      reason('shared.limits.atMostCharacters', { max: QUICK_ACTION_LIMITS.templateMax }),
    )
    .refine(
      (template) => template.includes(SELECTION_PLACEHOLDER),
      reason('shared.quickActions.templatePlaceholder', { placeholder: SELECTION_PLACEHOLDER }),
    ),
});
export type QuickActionPayload = z.infer<typeof quickActionPayloadSchema>;

/**
 * The payload is stored as JSON text, and older clients send it as a string. Both a JSON string
 * and an object are read; either way it is checked field by field before anything is stored.
 */
const payloadInputSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, quickActionPayloadSchema);

export const quickActionLabelSchema = z
  .string()
  .trim()
  .min(1, reason('shared.quickActions.giveLabel'))
  .max(
    QUICK_ACTION_LIMITS.labelMax,
    reason('shared.limits.atMostCharacters', { max: QUICK_ACTION_LIMITS.labelMax }),
  );
export const quickActionIconSchema = z
  .string()
  .trim()
  .max(
    QUICK_ACTION_LIMITS.iconMax,
    reason('shared.limits.atMostCharacters', { max: QUICK_ACTION_LIMITS.iconMax }),
  );
export const quickActionCategorySchema = z
  .string()
  .trim()
  .max(
    QUICK_ACTION_LIMITS.categoryMax,
    reason('shared.limits.atMostCharacters', { max: QUICK_ACTION_LIMITS.categoryMax }),
  );

export const createQuickActionRequestSchema = z.object({
  label: quickActionLabelSchema,
  icon: quickActionIconSchema.default('✨'),
  category: quickActionCategorySchema.default('General'),
  payload: payloadInputSchema,
});
export type CreateQuickActionRequest = z.input<typeof createQuickActionRequestSchema>;

export const quickActionSchema = z
  .object({
    id: z.number().int(),
    label: z.string(),
    icon: z.string(),
    category: z.string(),
    payload: quickActionPayloadSchema,
  })
  .meta({ id: 'QuickAction' });
export type QuickAction = z.infer<typeof quickActionSchema>;
export const quickActionsResponseSchema = z.array(quickActionSchema);

/** The five defaults a member can seed from 'No Quick Actions Yet' (each with its own maxChars). */
export const defaultQuickActions: readonly z.input<typeof createQuickActionRequestSchema>[] = [
  {
    label: 'Summarize',
    icon: '📝',
    category: 'Writing',
    payload: {
      provider: 'openrouter',
      model: 'openrouter/auto',
      type: 'chat',
      maxChars: 1000,
      promptTemplate: `Summarize the following in three short bullet points:\n\n${SELECTION_PLACEHOLDER}`,
    },
  },
  {
    label: 'Explain simply',
    icon: '💡',
    category: 'Learning',
    payload: {
      provider: 'openrouter',
      model: 'openrouter/auto',
      type: 'chat',
      maxChars: 900,
      promptTemplate: `Explain this as if to a curious twelve-year-old:\n\n${SELECTION_PLACEHOLDER}`,
    },
  },
  {
    label: 'Caption it',
    icon: '📣',
    category: 'Social',
    payload: {
      provider: 'openrouter',
      model: 'openrouter/auto',
      type: 'chat',
      maxChars: 500,
      promptTemplate: `Write three short, catchy social media captions for:\n\n${SELECTION_PLACEHOLDER}`,
    },
  },
  {
    label: 'Brainstorm',
    icon: '🌈',
    category: 'Ideas',
    payload: {
      provider: 'openrouter',
      model: 'openrouter/auto',
      type: 'chat',
      maxChars: 800,
      promptTemplate: `Brainstorm ten fresh creative ideas around:\n\n${SELECTION_PLACEHOLDER}`,
    },
  },
  {
    label: 'Deep research',
    icon: '🔎',
    category: 'Research',
    payload: {
      provider: 'openrouter',
      model: 'openrouter/auto',
      type: 'research',
      maxChars: 2000,
      promptTemplate: SELECTION_PLACEHOLDER,
    },
  },
];

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The prompt a quick action sends: the template with the selection in place, cut to maxChars.
 * maxChars counts code points, so the prompt's size stays bounded, and the cut falls between whole characters as
 * a reader sees them: an emoji such as 👩🏽‍💻 (four code points) is kept whole or dropped whole, never halved.
 */
export function buildQuickActionPrompt(
  payload: Pick<QuickActionPayload, 'promptTemplate' | 'maxChars'>,
  selection: string,
): string {
  const prompt = payload.promptTemplate.split(SELECTION_PLACEHOLDER).join(selection.trim());
  const max = payload.maxChars ?? DEFAULT_QUICK_ACTION_MAX_CHARS;
  if (Array.from(prompt).length <= max) return prompt;
  let cut = '';
  let used = 0;
  for (const { segment } of graphemes.segment(prompt)) {
    const size = Array.from(segment).length;
    if (used + size > max) break;
    cut += segment;
    used += size;
  }
  return cut;
}
