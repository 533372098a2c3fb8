import { Clapperboard } from 'lucide-react';
import { FAL_DEFAULTS, type FalVideoRequest, falVideoRequestSchema } from '#shared/generation.ts';
import { MEDIA_LIMITS } from '#shared/media.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { type GenerationRequest, useGenerationForm } from '../hooks/use-generation-form.ts';
import { GenerationSection } from './generation-section.tsx';
import { DurationAndAspectFields } from './media-form-fields.tsx';
import { ModelAndPromptFields } from './model-and-prompt-fields.tsx';
import type { ModelOption, ModelsState } from './model-field.tsx';

const falVideoRequest: GenerationRequest<FalVideoRequest> = {
  defaults: { duration: String(FAL_DEFAULTS.videoSeconds), aspect_ratio: FAL_DEFAULTS.aspectRatio },
  toRequest: (values) => ({
    prompt: values.prompt,
    model: values.model,
    duration: Number(values.duration),
    aspect_ratio: values.aspect_ratio,
  }),
  schema: falVideoRequestSchema,
  start: (body) => ({ kind: 'fal-video', body }),
  ranges: { duration: MEDIA_LIMITS.falVideoSeconds },
};

/** fal.ai video: a model, the prompt, 3–10 seconds (default 5) and the aspect (16:9). */
export function FalVideoForm({
  models,
  modelsState,
}: {
  models: readonly ModelOption[];
  modelsState: ModelsState;
}) {
  const t = useT();
  const form = useGenerationForm('fal-video', models, falVideoRequest);

  return (
    <GenerationSection
      title={t('generation.falVideo.title')}
      icon={Clapperboard}
      description={t('generation.falVideo.description')}
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel={t('generation.falVideo.generate')}
      onGenerate={form.generate}
    >
      <ModelAndPromptFields
        form={form}
        modelsState={modelsState}
        placeholder={t('generation.falVideo.placeholder')}
      />
      <DurationAndAspectFields
        duration={form.register('duration')}
        range={MEDIA_LIMITS.falVideoSeconds}
        aspect={form.register('aspect_ratio')}
        error={form.errors.duration}
      />
    </GenerationSection>
  );
}
