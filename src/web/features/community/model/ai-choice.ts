import {
  type AiChoice,
  type AiProviderId,
  aiProviderIds,
  DEFAULT_AI_MODEL,
  DEFAULT_AI_PROVIDER,
  type ModelCategory,
} from '#shared/ai.ts';
import { categoriesOf, firstModelOf } from '#shared/ai-catalogue.ts';

/** The writing helpers chat: only the chat categories of the catalogue are offered. */
export function chatCategories(catalogue: readonly ModelCategory[]): ModelCategory[] {
  return catalogue.filter((category) => category.kind === 'chat');
}

/** Providers with at least one chat model, in the contract's order (fal offers media only). */
export function chatProviders(catalogue: readonly ModelCategory[]): AiProviderId[] {
  const chat = chatCategories(catalogue);
  return aiProviderIds.filter((provider) => chat.some((category) => category.provider === provider));
}

function firstChatModelOf(catalogue: readonly ModelCategory[], provider: AiProviderId): string {
  return firstModelOf(chatCategories(catalogue), provider) ?? '';
}

function isChatChoice(catalogue: readonly ModelCategory[], choice: AiChoice): boolean {
  return categoriesOf(chatCategories(catalogue), choice.provider).some((category) =>
    category.models.some((model) => model.id === choice.model),
  );
}

/**
 * What the helpers use: the member's pick on this page when the catalogue still offers it, else the saved
 * default when it can chat, else the first chat model of the default provider, else the product's defaults.
 */
export function resolveAiChoice(
  catalogue: readonly ModelCategory[],
  picked: AiChoice | null,
  defaults: AiChoice | undefined,
): AiChoice {
  if (picked && isChatChoice(catalogue, picked)) return picked;
  if (defaults && isChatChoice(catalogue, defaults)) return defaults;
  const provider =
    defaults && chatProviders(catalogue).includes(defaults.provider) ? defaults.provider : null;
  if (provider) return { provider, model: firstChatModelOf(catalogue, provider) };
  return { provider: DEFAULT_AI_PROVIDER, model: DEFAULT_AI_MODEL };
}
