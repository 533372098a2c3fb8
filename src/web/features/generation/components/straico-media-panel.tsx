import type { ModelCategory, ModelKind } from '#shared/ai.ts';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { useAiModels } from '#web/features/ai/api/get-ai-models.ts';
import type { ModelOption } from './model-field.tsx';
import { StraicoAudioForm } from './straico-audio-form.tsx';
import { StraicoImageForm } from './straico-image-form.tsx';
import { StraicoVideoForm } from './straico-video-form.tsx';

/** Straico's models of one kind, from the studio's catalogue (`GET /api/ai/models`). */
export function straicoModelsOf(catalogue: readonly ModelCategory[], kind: ModelKind): ModelOption[] {
  return catalogue
    .filter((category) => category.provider === 'straico' && category.kind === kind)
    .flatMap((category) => category.models.map((model) => ({ id: model.id, name: model.label })));
}

/**
 * The Straico Media tab: images at 1024x1024, video (4 s and 16:9 to start with, optionally from an
 * image) and text to speech, with the models the studio's catalogue lists for Straico. Until the catalogue
 * loads (or when it cannot), the built-in list is offered, as the model bar does.
 */
export function StraicoMediaPanel() {
  const models = useAiModels();
  const catalogue = models.data?.data ?? staticModelCatalogue;
  return (
    <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
      <StraicoImageForm models={straicoModelsOf(catalogue, 'image')} />
      <StraicoVideoForm models={straicoModelsOf(catalogue, 'video')} />
      <StraicoAudioForm models={straicoModelsOf(catalogue, 'audio')} />
    </div>
  );
}
