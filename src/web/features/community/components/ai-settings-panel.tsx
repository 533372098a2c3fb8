import { useId } from 'react';
import type { AiChoice, ModelCategory } from '#shared/ai.ts';
import { ModelSelect, ProviderSelect } from '#web/ui/ai-choice-selects.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import type { useCommunityAiModels } from '../api/get-ai-models.ts';
import { chatCategoriesOf, chatProviders, firstChatModelOf } from '../model/ai-choice.ts';
import { fieldClass, labelClass } from './field-classes.ts';

/**
 * The AI settings panel (part 2 §2): which provider and model the writing helpers use. Chat models only, grouped
 * by category; switching provider picks that provider's first chat model.
 */
export function AiSettingsPanel({
  id,
  models,
  catalogue,
  choice,
  onChange,
}: {
  id: string;
  models: ReturnType<typeof useCommunityAiModels>;
  catalogue: readonly ModelCategory[];
  choice: AiChoice;
  onChange: (choice: AiChoice) => void;
}) {
  const fieldId = useId();
  const loading = models.isPending;
  const configured = models.data?.configured;
  const providers = chatProviders(catalogue);
  if (!providers.includes(choice.provider)) providers.unshift(choice.provider);

  return (
    <section
      id={id}
      aria-labelledby={`${fieldId}-heading`}
      className="glass mb-6 flex flex-col gap-3 rounded-3xl p-4 sm:p-5"
    >
      <h2 id={`${fieldId}-heading`} className="text-lg font-bold text-(--ink)">
        AI settings
      </h2>
      <p className="text-sm text-(--ink-muted)">
        The writing helpers in the post form use this provider and model.
      </p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${fieldId}-provider`} className={labelClass}>
            Provider
          </label>
          <ProviderSelect
            id={`${fieldId}-provider`}
            className={fieldClass}
            providers={providers}
            configured={configured}
            value={choice.provider}
            disabled={loading}
            onChange={(provider) => onChange({ provider, model: firstChatModelOf(catalogue, provider) })}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${fieldId}-model`} className={labelClass}>
            Model
          </label>
          <ModelSelect
            id={`${fieldId}-model`}
            className={fieldClass}
            categories={chatCategoriesOf(catalogue, choice.provider)}
            value={choice.model}
            disabled={loading}
            onChange={(model) => onChange({ provider: choice.provider, model })}
          />
        </div>
      </div>
      {models.isError ? (
        <LoadError
          what="AI models"
          error={models.error}
          retrying={models.isFetching}
          onRetry={() => void models.refetch()}
        />
      ) : null}
    </section>
  );
}
