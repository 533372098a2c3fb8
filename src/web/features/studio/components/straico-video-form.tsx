import { Clapperboard } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type AspectRatio,
  MEDIA_LIMITS,
  STRAICO_DEFAULTS,
  straicoVideoRequestSchema,
} from '#shared/media.ts';
import { useGenerationRuns } from '../hooks/use-generation-runs.ts';
import { aspectChoices } from './aspect-choices.ts';
import { GenerationSection } from './generation-section.tsx';
import {
  ChoiceField,
  type FieldErrors,
  fieldClass,
  fieldErrorsOf,
  NumberField,
  PromptField,
} from './media-form-fields.tsx';
import { ModelField, type ModelOption } from './model-field.tsx';

/**
 * Straico video (part 2 §2, §7, §9): a Straico video model, the prompt, the duration (default 4 s), the aspect
 * (default 16:9) and, if the member has one, the link of a still to start from.
 */
export function StraicoVideoForm({ models }: { models: readonly ModelOption[] }) {
  const runs = useGenerationRuns('straico-video');
  const [model, setModel] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [duration, setDuration] = useState(String(STRAICO_DEFAULTS.videoSeconds));
  const [aspect, setAspect] = useState<AspectRatio>(STRAICO_DEFAULTS.aspectRatio);
  const [imageUrl, setImageUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const chosenModel = model ?? models[0]?.id ?? '';

  function generate() {
    const parsed = straicoVideoRequestSchema.safeParse({
      provider: 'straico',
      model: chosenModel,
      prompt,
      duration: Number(duration),
      aspect_ratio: aspect,
      image_url: imageUrl.trim() === '' ? undefined : imageUrl,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    runs.generate({ kind: 'straico-video', body: parsed.data });
  }

  return (
    <GenerationSection
      title="Straico video"
      icon={Clapperboard}
      description="Short clips from a prompt, optionally starting from an image. Video takes a few minutes."
      runs={runs}
      canGenerate={prompt.trim() !== '' && chosenModel !== ''}
      generateLabel="Generate video"
      onGenerate={generate}
    >
      <ModelField
        models={models}
        state="ready"
        value={chosenModel}
        onChange={setModel}
        error={errors.model}
      />
      <PromptField
        value={prompt}
        onChange={setPrompt}
        placeholder="Waves rolling onto a pink sand beach, slow motion"
        error={errors.prompt}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          label="Duration (seconds)"
          value={duration}
          onChange={setDuration}
          min={MEDIA_LIMITS.straicoVideoSeconds.min}
          max={MEDIA_LIMITS.straicoVideoSeconds.max}
          error={errors.duration}
        />
        <ChoiceField label="Aspect ratio" value={aspect} choices={aspectChoices} onChange={setAspect} />
      </div>
      <StartImageField value={imageUrl} onChange={setImageUrl} error={errors.image_url} />
    </GenerationSection>
  );
}

function StartImageField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-(--ink)">
        Start image link (optional)
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        value={value}
        maxLength={MEDIA_LIMITS.urlMax}
        placeholder="https://…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={fieldClass}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-(--danger)">
          {error}
        </p>
      ) : null}
    </div>
  );
}
