import { Check, Save } from 'lucide-react';
import { useId, useState } from 'react';
import type { AiChoice } from '#shared/ai.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { useAiModels } from '../api/get-ai-models.ts';
import { useSetDefaultAi } from '../api/set-default-ai.ts';
import { AiModelPicker } from './ai-model-picker.tsx';

/**
 * AI Settings: the provider and model the member's AI features start from, saved with
 * `POST /api/profile/set-ai`. Switching provider picks its first model.
 */
export function AiSettingsTab() {
  const t = useT();
  const id = useId();
  const models = useAiModels();
  const setAi = useSetDefaultAi();
  const [edited, setEdited] = useState<AiChoice | null>(null);
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);

  if (models.isError) {
    return (
      <LoadError
        what={t('ai.models.what')}
        error={models.error}
        retrying={models.isFetching}
        onRetry={() => void models.refetch()}
      />
    );
  }
  if (!models.data) return <Spinner label={t('ai.settings.loading')} />;

  const catalogue = models.data.data;
  const choice = edited ?? models.data.defaults;

  function change(next: AiChoice) {
    setEdited(next);
    setSaved(false);
  }

  function save() {
    setFailed(false);
    setAi.mutate(
      { aiProvider: choice.provider, aiModel: choice.model },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => {
          console.error(`Failed to save the AI choice: ${error.message}`);
          setFailed(true);
        },
      },
    );
  }

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-(--ink)">
          {t('ai.settings.heading')}
        </h2>
        <p className="text-(--ink-muted)">{t('ai.settings.help')}</p>
      </div>
      <AiModelPicker
        className="grid gap-4 sm:grid-cols-2"
        catalogue={catalogue}
        configured={models.data.configured}
        choice={choice}
        disabled={setAi.isPending}
        onChange={change}
      />
      {failed ? <Alert>{t('ai.settings.saveFailed')}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button busy={setAi.isPending} disabled={choice.model === ''} onClick={save}>
          <Save aria-hidden="true" className="size-5" />
          {t('ai.settings.save')}
        </Button>
        {saved ? (
          <p role="status" className="inline-flex items-center gap-1.5 font-semibold text-(--accent-strong)">
            <Check aria-hidden="true" className="size-4" />
            {t('ai.settings.saved')}
          </p>
        ) : null}
      </div>
    </GlassPanel>
  );
}
