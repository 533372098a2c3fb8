import { ImageIcon } from 'lucide-react';
import {
  type FalImageRequest,
  type FalImageSize,
  falImageRequestSchema,
  falImageSizes,
} from '#shared/generation.ts';
import { MEDIA_LIMITS } from '#shared/media.ts';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { type GenerationRequest, useGenerationForm } from '../hooks/use-generation-form.ts';
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

const falImageRequest: GenerationRequest<FalImageRequest> = {
  toRequest: (values) => ({
    prompt: values.prompt,
    model: values.model,
    image_size: values.image_size,
    num_inference_steps: Number(values.num_inference_steps),
    num_images: Number(values.num_images),
  }),
  schema: falImageRequestSchema,
  start: (body) => ({ kind: 'fal-image', body }),
  ranges: { num_inference_steps: MEDIA_LIMITS.falSteps, num_images: MEDIA_LIMITS.falImages },
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
  const form = useGenerationForm('fal-image', models, falImageRequest);
  const sizeChoices = falImageSizes.map((value) => ({ value, label: t(falImageSizeLabels[value]) }));

  return (
    <GenerationSection
      title={t('generation.falImage.title')}
      icon={ImageIcon}
      description={t('generation.falImage.description')}
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel={t('generation.falImage.generate')}
      onGenerate={form.generate}
    >
      <ModelAndPromptFields
        form={form}
        modelsState={modelsState}
        placeholder={t('generation.falImage.placeholder')}
      />
      {/* The size names are long ("Landscape 16:9"): a row of their own, the two numbers side by side below. */}
      <ChoiceField
        {...form.register('image_size')}
        label={t('generation.falImage.sizeLabel')}
        choices={sizeChoices}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          {...form.register('num_inference_steps')}
          label={t('generation.falImage.steps')}
          range={MEDIA_LIMITS.falSteps}
          error={form.errors.num_inference_steps}
        />
        <NumberField
          {...form.register('num_images')}
          label={t('generation.falImage.count')}
          range={MEDIA_LIMITS.falImages}
          error={form.errors.num_images}
        />
      </div>
    </GenerationSection>
  );
}
