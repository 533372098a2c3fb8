import { Check, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { AiChoice, ModelCategory } from '#shared/ai.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import type { useAiModels } from '../api/get-ai-models.ts';
import { useSetDefaultAi } from '../api/set-default-ai.ts';
import { AiModelPicker } from './ai-model-picker.tsx';

/** How long "Saved as your default" stays beside the button. */
export const DEFAULT_SAVED_MS = 3000;

const labelClass = 'text-xs font-semibold tracking-wide text-(--ink-muted) uppercase';

/**
 * The studio's sticky bar: provider, model (grouped by category) and Set as default. Switching
 * provider selects that provider's first model.
 */
export function ModelBar({
  models,
  catalogue,
  selection,
  onChange,
}: {
  models: ReturnType<typeof useAiModels>;
  catalogue: readonly ModelCategory[];
  selection: AiChoice;
  onChange: (choice: AiChoice) => void;
}) {
  const t = useT();
  const setDefault = useSetDefaultAi();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const loading = models.isPending;
  // Unknown until the catalogue loads: nothing is marked then.
  const configured = models.data?.configured;

  useEffect(() => {
    if (savedAt === null) return;
    const timer = window.setTimeout(() => setSavedAt(null), DEFAULT_SAVED_MS);
    return () => window.clearTimeout(timer);
  }, [savedAt]);

  function saveDefault() {
    setSaveError(null);
    setDefault.mutate(
      { aiProvider: selection.provider, aiModel: selection.model },
      {
        onSuccess: () => setSavedAt(Date.now()),
        onError: (error) => {
          console.error(`Failed to save the default model: ${error.message}`);
          setSaveError(t('ai.modelBar.saveFailed'));
        },
      },
    );
  }

  return (
    <section
      aria-label={t('ai.modelBar.label')}
      // Sticky from 640 px up (below the mobile top bar until the side navigation takes over at lg); on a phone it
      // would cover a quarter of the screen. Opaque: the conversation scrolls underneath it.
      className="glass z-20 mb-6 flex flex-col gap-3 rounded-3xl bg-(--page-bg) p-4 sm:sticky sm:top-[4.75rem] lg:top-4"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-end">
        {/* `contents`: the picker's two fields sit in this grid's first two columns, beside the button. */}
        <AiModelPicker
          className="contents"
          labelClassName={labelClass}
          catalogue={catalogue}
          configured={configured}
          choice={selection}
          disabled={loading}
          onChange={onChange}
        />
        <Button
          variant="secondary"
          busy={setDefault.isPending}
          disabled={loading || selection.model === ''}
          onClick={saveDefault}
        >
          <Star aria-hidden="true" className="size-4" />
          {t('ai.modelBar.setDefault')}
        </Button>
      </div>
      <div role="status" className="text-sm empty:hidden">
        {savedAt !== null ? (
          <span className="inline-flex items-center gap-1.5 font-semibold text-(--ink)">
            <Check aria-hidden="true" className="size-4 text-(--accent)" />
            {t('ai.modelBar.savedDefault')}
          </span>
        ) : null}
      </div>
      {saveError ? <p className="text-sm font-medium text-(--danger)">{saveError}</p> : null}
      {models.isError ? (
        <LoadError
          what={t('ai.models.what')}
          error={models.error}
          retrying={models.isFetching}
          onRetry={() => void models.refetch()}
        />
      ) : null}
    </section>
  );
}
