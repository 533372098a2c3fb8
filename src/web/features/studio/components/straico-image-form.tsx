import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { aiImageRequestSchema, STRAICO_DEFAULTS } from '#shared/media.ts';
import { useGenerationRuns } from '../hooks/use-generation-runs.ts';
import { GenerationSection } from './generation-section.tsx';
import { type FieldErrors, FixedSetting, fieldErrorsOf, PromptField } from './media-form-fields.tsx';
import { ModelField, type ModelOption } from './model-field.tsx';

/** Straico images (part 2 §2, §9): a Straico image model and the prompt, at 1024x1024 (`POST /api/ai/image`). */
export function StraicoImageForm({ models }: { models: readonly ModelOption[] }) {
  const runs = useGenerationRuns('straico-image');
  const [model, setModel] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const chosenModel = model ?? models[0]?.id ?? '';

  function generate() {
    const parsed = aiImageRequestSchema.safeParse({
      provider: 'straico',
      model: chosenModel,
      prompt,
      size: STRAICO_DEFAULTS.imageSize,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    runs.generate({ kind: 'ai-image', body: parsed.data });
  }

  return (
    <GenerationSection
      title="Straico image"
      icon={ImageIcon}
      description="Images from a prompt with the image models Straico offers."
      runs={runs}
      canGenerate={prompt.trim() !== '' && chosenModel !== ''}
      generateLabel="Generate image"
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
        placeholder="A cozy reading nook with a sleeping cat, golden hour"
        error={errors.prompt}
      />
      <FixedSetting label="Size" value={STRAICO_DEFAULTS.imageSize} />
    </GenerationSection>
  );
}
