import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import { type AspectRatio, FAL_DEFAULTS, falVideoRequestSchema, MEDIA_LIMITS } from '#shared/media.ts';
import { useGenerationRuns } from '../hooks/use-generation-runs.ts';
import { aspectChoices } from './aspect-choices.ts';
import { GenerationSection } from './generation-section.tsx';
import {
  ChoiceField,
  type FieldErrors,
  fieldErrorsOf,
  NumberField,
  PromptField,
} from './media-form-fields.tsx';
import { ModelField, type ModelOption, type ModelsState } from './model-field.tsx';

/** fal.ai video (part 2 §2, §5, §9): a model, the prompt, 3–10 seconds (default 5) and the aspect (16:9). */
export function FalVideoForm({
  models,
  modelsState,
}: {
  models: readonly ModelOption[];
  modelsState: ModelsState;
}) {
  const runs = useGenerationRuns('fal-video');
  const [model, setModel] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [duration, setDuration] = useState(String(FAL_DEFAULTS.videoSeconds));
  const [aspect, setAspect] = useState<AspectRatio>(FAL_DEFAULTS.aspectRatio);
  const [errors, setErrors] = useState<FieldErrors>({});
  const chosenModel = model ?? models[0]?.id ?? '';

  function generate() {
    const parsed = falVideoRequestSchema.safeParse({
      prompt,
      model: chosenModel,
      duration: Number(duration),
      aspect_ratio: aspect,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    runs.generate({ kind: 'fal-video', body: parsed.data });
  }

  return (
    <GenerationSection
      title="fal.ai video"
      icon={Clapperboard}
      description="Short clips from a prompt with fal.ai's video models. Video takes a few minutes."
      runs={runs}
      canGenerate={prompt.trim() !== '' && chosenModel !== ''}
      generateLabel="Generate video"
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
        placeholder="A parrot gliding over a neon city at dusk"
        error={errors.prompt}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          label="Duration (seconds)"
          value={duration}
          onChange={setDuration}
          min={MEDIA_LIMITS.falVideoSeconds.min}
          max={MEDIA_LIMITS.falVideoSeconds.max}
          error={errors.duration}
        />
        <ChoiceField label="Aspect ratio" value={aspect} choices={aspectChoices} onChange={setAspect} />
      </div>
    </GenerationSection>
  );
}
