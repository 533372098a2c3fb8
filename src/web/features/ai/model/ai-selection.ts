import { type AiChoice, type AiProviderId, aiProviderIds, type ModelCategory } from '#shared/ai.ts';
import { categoriesOf } from '#shared/ai-catalogue.ts';
import { type Translate, translate } from '#web/lib/i18n/use-t.ts';
import { modelText } from './ai-labels.ts';

/**
 * The providers the provider select offers: those with models in the catalogue (openrouter, straico, fal, and
 * local when the operator configured one), in the contract's order, plus the current choice's provider should
 * the catalogue no longer list it.
 */
export function providersIn(catalogue: readonly ModelCategory[], current: AiChoice): AiProviderId[] {
  return aiProviderIds.filter(
    (provider) =>
      provider === current.provider || catalogue.some((category) => category.provider === provider),
  );
}

/**
 * The model's label in the provider's categories (in the interface's language: pass the component's `t`), else
 * its id (a saved model the catalogue no longer lists).
 */
export function modelLabel(
  catalogue: readonly ModelCategory[],
  choice: AiChoice,
  t: Translate = translate,
): string {
  for (const category of categoriesOf(catalogue, choice.provider)) {
    const model = category.models.find((m) => m.id === choice.model);
    if (model) return modelText(t, model);
  }
  return choice.model;
}
