import { useFalModels } from '#web/features/generation/api/get-fal-models.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { LoadError } from '#web/ui/load-error.tsx';
import { FalImageForm } from './fal-image-form.tsx';
import { FalVideoForm } from './fal-video-form.tsx';
import type { ModelsState } from './model-field.tsx';

/**
 * The Fal.ai Media tab: images and video with fal.ai's models (`GET /api/fal/models`). Results show
 * under each form and go to the gallery by themselves.
 */
export function FalMediaPanel() {
  const t = useT();
  const models = useFalModels();
  const state: ModelsState = models.isPending ? 'loading' : models.isError ? 'error' : 'ready';
  return (
    <div className="flex flex-col gap-6">
      {models.isError ? (
        <LoadError
          what={t('generation.falModels.what')}
          error={models.error}
          retrying={models.isFetching}
          onRetry={() => void models.refetch()}
        />
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
        <FalImageForm models={models.data?.image ?? []} modelsState={state} />
        <FalVideoForm models={models.data?.video ?? []} modelsState={state} />
      </div>
    </div>
  );
}
