import { AudioLines } from 'lucide-react';
import { useState } from 'react';
import { straicoAudioRequestSchema } from '#shared/media.ts';
import { useGenerationRuns } from '../hooks/use-generation-runs.ts';
import { GenerationSection } from './generation-section.tsx';
import { type FieldErrors, fieldErrorsOf, PromptField } from './media-form-fields.tsx';
import { ModelField, type ModelOption } from './model-field.tsx';

/** Straico audio (part 2 §2, §7): text to speech with a Straico voice model. */
export function StraicoAudioForm({ models }: { models: readonly ModelOption[] }) {
  const runs = useGenerationRuns('straico-audio');
  const [model, setModel] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const chosenModel = model ?? models[0]?.id ?? '';

  function generate() {
    const parsed = straicoAudioRequestSchema.safeParse({ provider: 'straico', model: chosenModel, prompt });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    runs.generate({ kind: 'straico-audio', body: parsed.data });
  }

  return (
    <GenerationSection
      title="Straico audio"
      icon={AudioLines}
      description="Text to speech: type what the voice should say."
      runs={runs}
      canGenerate={prompt.trim() !== '' && chosenModel !== ''}
      generateLabel="Generate audio"
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
        label="Text to speak"
        value={prompt}
        onChange={setPrompt}
        placeholder="Welcome to Lumara, where every idea gets its wings!"
        error={errors.prompt}
      />
    </GenerationSection>
  );
}
