import { useId } from 'react';
import type { AiChoice, ModelCategory } from '#shared/ai.ts';
import { AiModelPicker } from '#web/features/ai/components/ai-model-picker.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { LoadError } from '#web/ui/load-error.tsx';
import type { useCommunityAiModels } from '../api/get-ai-models.ts';
import { chatCategories } from '../model/ai-choice.ts';

/**
 * The AI settings panel: which provider and model the writing helpers use. Chat models only, grouped
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
  const t = useT();
  const fieldId = useId();

  return (
    <section
      id={id}
      aria-labelledby={`${fieldId}-heading`}
      className="glass mb-6 flex flex-col gap-3 rounded-3xl p-4 sm:p-5"
    >
      <h2 id={`${fieldId}-heading`} className="text-lg font-bold text-(--ink)">
        {t('community.page.aiSettings')}
      </h2>
      <p className="text-sm text-(--ink-muted)">{t('community.aiSettings.help')}</p>
      <AiModelPicker
        className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]"
        catalogue={chatCategories(catalogue)}
        configured={models.data?.configured}
        choice={choice}
        disabled={models.isPending}
        onChange={onChange}
      />
      {models.isError ? (
        <LoadError
          what={t('community.aiSettings.what')}
          error={models.error}
          retrying={models.isFetching}
          onRetry={() => void models.refetch()}
        />
      ) : null}
    </section>
  );
}
