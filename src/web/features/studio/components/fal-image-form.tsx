import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import {
  FAL_DEFAULTS,
  type FalImageSize,
  falImageRequestSchema,
  falImageSizes,
  MEDIA_LIMITS,
} from '#shared/media.ts';
import { useGenerationRuns } from '../hooks/use-generation-runs.ts';
import { GenerationSection } from './generation-section.tsx';
import {
  ChoiceField,
  type FieldErrors,
  fieldErrorsOf,
  NumberField,
  PromptField,
} from './media-form-fields.tsx';
import { ModelField, type ModelOption, type ModelsState } from './model-field.tsx';

export const falImageSizeLabels: Record<FalImageSize, string> = {
  square_hd: 'Square HD',
  square: 'Square',
  portrait_4_3: 'Portrait 4:3',
  portrait_16_9: 'Portrait 16:9',
  landscape_4_3: 'Landscape 4:3',
  landscape_16_9: 'Landscape 16:9',
};

const sizeChoices = falImageSizes.map((size) => ({ value: size, label: falImageSizeLabels[size] }));

/**
 * fal.ai images (part 2 §2, §5, §9): a model from `GET /api/fal/models`, the prompt, the size (default
 * landscape 4:3), 1–50 inference steps (default 4) and 1–4 images (default 1).
 */
export function FalImageForm({
  models,
  modelsState,
}: {
  models: readonly ModelOption[];
  modelsState: ModelsState;
}) {
  const runs = useGenerationRuns('fal-image');
  const [model, setModel] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [size, setSize] = useState<FalImageSize>(FAL_DEFAULTS.imageSize);
  const [steps, setSteps] = useState(String(FAL_DEFAULTS.steps));
  const [count, setCount] = useState(String(FAL_DEFAULTS.numImages));
  const [errors, setErrors] = useState<FieldErrors>({});
  const chosenModel = model ?? models[0]?.id ?? '';

  function generate() {
    const parsed = falImageRequestSchema.safeParse({
      prompt,
      model: chosenModel,
      image_size: size,
      num_inference_steps: Number(steps),
      num_images: Number(count),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    runs.generate({ kind: 'fal-image', body: parsed.data });
  }

  return (
    <GenerationSection
      title="fal.ai image"
      icon={ImageIcon}
      description="Images from a prompt with fal.ai's image models."
      runs={runs}
      canGenerate={prompt.trim() !== '' && chosenModel !== ''}
      generateLabel="Generate image"
      onGenerate={generate}
    >
      <ModelField
        models={models}
        state={modelsState}
        value={chosenModel}
        onChange={setModel}
        error={errors.model}
      />
      <PromptField
        value={prompt}
        onChange={setPrompt}
        placeholder="A watercolor parrot reading a book under a palm tree"
        error={errors.prompt}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <ChoiceField label="Image size" value={size} choices={sizeChoices} onChange={setSize} />
        <NumberField
          label="Inference steps"
          value={steps}
          onChange={setSteps}
          min={MEDIA_LIMITS.falSteps.min}
          max={MEDIA_LIMITS.falSteps.max}
          error={errors.num_inference_steps}
        />
        <NumberField
          label="Number of images"
          value={count}
          onChange={setCount}
          min={MEDIA_LIMITS.falImages.min}
          max={MEDIA_LIMITS.falImages.max}
          error={errors.num_images}
        />
      </div>
    </GenerationSection>
  );
}
