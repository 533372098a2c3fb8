import type { AiModel, AiProviderId, ModelCategory, ModelKind } from '#shared/ai.ts';
import type { MessageKey, Translate } from '#web/lib/i18n/use-t.ts';

/**
 * The web's words for the AI catalogue: `aiProviderLabels` and the catalogue's labels in #shared stay English
 * for the server; the screen shows these, in the interface's language.
 */
export const aiProviderLabelKeys: Record<AiProviderId, MessageKey> = {
  openrouter: 'ai.provider.openrouter',
  straico: 'ai.provider.straico',
  fal: 'ai.provider.fal',
  local: 'ai.provider.local',
};

const categoryLabelKeys: Record<ModelKind, MessageKey> = {
  chat: 'ai.category.chat',
  image: 'ai.category.image',
  video: 'ai.category.video',
  audio: 'ai.category.audio',
};

/** The OpenRouter models the operator allowed besides the catalogue (`AI_ALLOWED_MODELS`), as OpenRouter names them. */
const LIVE_CATEGORY_ID = 'openrouter-live';

/** Models whose catalogue label describes rather than names them. */
const modelLabelKeys: Partial<Record<string, MessageKey>> = {
  'openrouter/auto': 'ai.model.auto',
};

/** A provider's name as the screen shows it ("Local model" is words; the others are names). */
export function providerLabel(t: Translate, provider: AiProviderId): string {
  return t(aiProviderLabelKeys[provider]);
}

/** A model group's label: "OpenRouter · Chat", "Straico · Image"… */
export function categoryLabel(
  t: Translate,
  category: Pick<ModelCategory, 'id' | 'provider' | 'kind'>,
): string {
  const provider = providerLabel(t, category.provider);
  if (category.id === LIVE_CATEGORY_ID) return t('ai.category.more', { provider });
  return t(categoryLabelKeys[category.kind], { provider });
}

/** A model's label: its name, or the words for one that is a description ("Auto (best model for each prompt)"). */
export function modelText(t: Translate, model: Pick<AiModel, 'id' | 'label'>): string {
  const key = modelLabelKeys[model.id];
  return key ? t(key) : model.label;
}
