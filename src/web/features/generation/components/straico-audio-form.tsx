import { AudioLines } from 'lucide-react';
import { straicoAudioRequestSchema } from '#shared/generation.ts';
import { useGenerationForm } from '../hooks/use-generation-form.ts';
import { GenerationSection } from './generation-section.tsx';
import { ModelAndPromptFields } from './model-and-prompt-fields.tsx';
import type { ModelOption } from './model-field.tsx';

/** Straico audio (part 2 §2, §7): text to speech with a Straico voice model. */
export function StraicoAudioForm({ models }: { models: readonly ModelOption[] }) {
  const form = useGenerationForm('straico-audio', models);

  function generate() {
    form.generate(
      straicoAudioRequestSchema,
      { provider: 'straico', model: form.model, prompt: form.prompt },
      (body) => ({ kind: 'straico-audio', body }),
    );
  }

  return (
    <GenerationSection
      title="Straico audio"
      icon={AudioLines}
      description="Text to speech: type what the voice should say."
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel="Generate audio"
      onGenerate={generate}
    >
      <ModelAndPromptFields
        form={form}
        promptLabel="Text to speak"
        placeholder="Welcome to Lumara, where every idea gets its wings!"
      />
    </GenerationSection>
  );
}
