import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { FAL_DEFAULTS, type FalImageSize, falImageRequestSchema, falImageSizes } from '#shared/generation.ts';
import { MEDIA_LIMITS } from '#shared/media.ts';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { useGenerationForm } from '../hooks/use-generation-form.ts';
import { GenerationSection } from './generation-section.tsx';
import { ChoiceField, NumberField } from './media-form-fields.tsx';
import { ModelAndPromptFields } from './model-and-prompt-fields.tsx';
import type { ModelOption, ModelsState } from './model-field.tsx';

export const falImageSizeLabels: Record<FalImageSize, MessageKey> = {
  square_hd: 'generation.falImage.size.squareHd',
  square: 'generation.falImage.size.square',
  portrait_4_3: 'generation.falImage.size.portrait43',
  portrait_16_9: 'generation.falImage.size.portrait169',
  landscape_4_3: 'generation.falImage.size.landscape43',
  landscape_16_9: 'generation.falImage.size.landscape169',
};

/**
 * fal.ai images: a model from `GET /api/fal/models`, the prompt, the size (default
 * landscape 4:3), 1–50 inference steps (default 4) and 1–4 images (default 1).
 */
export function FalImageForm({
  models,
  modelsState,
}: {
  models: readonly ModelOption[];
  modelsState: ModelsState;
}) {
  const t = useT();
  const form = useGenerationForm('fal-image', models);
  const sizeChoices = falImageSizes.map((value) => ({ value, label: t(falImageSizeLabels[value]) }));
  const [size, setSize] = useState<FalImageSize>(FAL_DEFAULTS.imageSize);
  const [steps, setSteps] = useState(String(FAL_DEFAULTS.steps));
  const [count, setCount] = useState(String(FAL_DEFAULTS.numImages));

  function generate() {
    form.generate(
      falImageRequestSchema,
      {
        prompt: form.prompt,
        model: form.model,
        image_size: size,
        num_inference_steps: Number(steps),
        num_images: Number(count),
      },
      (body) => ({ kind: 'fal-image', body }),
    );
  }

  return (
    <GenerationSection
      title={t('generation.falImage.title')}
      icon={ImageIcon}
      description={t('generation.falImage.description')}
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel={t('generation.falImage.generate')}
      onGenerate={generate}
    >
      <ModelAndPromptFields
        form={form}
        modelsState={modelsState}
        placeholder={t('generation.falImage.placeholder')}
      />
      {/* The size names are long ("Landscape 16:9"): a row of their own, the two numbers side by side below. */}
      <ChoiceField
        label={t('generation.falImage.sizeLabel')}
        value={size}
        choices={sizeChoices}
        onChange={setSize}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          label={t('generation.falImage.steps')}
          value={steps}
          onChange={setSteps}
          min={MEDIA_LIMITS.falSteps.min}
          max={MEDIA_LIMITS.falSteps.max}
          error={form.errors.num_inference_steps}
        />
        <NumberField
          label={t('generation.falImage.count')}
          value={count}
          onChange={setCount}
          min={MEDIA_LIMITS.falImages.min}
          max={MEDIA_LIMITS.falImages.max}
          error={form.errors.num_images}
        />
      </div>
    </GenerationSection>
  );
}
