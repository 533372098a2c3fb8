import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import { type AspectRatio, FAL_DEFAULTS, falVideoRequestSchema } from '#shared/generation.ts';
import { MEDIA_LIMITS } from '#shared/media.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useGenerationForm } from '../hooks/use-generation-form.ts';
import { GenerationSection } from './generation-section.tsx';
import { DurationAndAspectFields } from './media-form-fields.tsx';
import { ModelAndPromptFields } from './model-and-prompt-fields.tsx';
import type { ModelOption, ModelsState } from './model-field.tsx';

/** fal.ai video: a model, the prompt, 3–10 seconds (default 5) and the aspect (16:9). */
export function FalVideoForm({
  models,
  modelsState,
}: {
  models: readonly ModelOption[];
  modelsState: ModelsState;
}) {
  const t = useT();
  const form = useGenerationForm('fal-video', models);
  const [duration, setDuration] = useState(String(FAL_DEFAULTS.videoSeconds));
  const [aspect, setAspect] = useState<AspectRatio>(FAL_DEFAULTS.aspectRatio);

  function generate() {
    form.generate(
      falVideoRequestSchema,
      { prompt: form.prompt, model: form.model, duration: Number(duration), aspect_ratio: aspect },
      (body) => ({ kind: 'fal-video', body }),
    );
  }

  return (
    <GenerationSection
      title={t('generation.falVideo.title')}
      icon={Clapperboard}
      description={t('generation.falVideo.description')}
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel={t('generation.falVideo.generate')}
      onGenerate={generate}
    >
      <ModelAndPromptFields
        form={form}
        modelsState={modelsState}
        placeholder={t('generation.falVideo.placeholder')}
      />
      <DurationAndAspectFields
        duration={duration}
        onDurationChange={setDuration}
        limits={MEDIA_LIMITS.falVideoSeconds}
        aspect={aspect}
        onAspectChange={setAspect}
        error={form.errors.duration}
      />
    </GenerationSection>
  );
}
