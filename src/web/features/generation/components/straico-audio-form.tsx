import { AudioLines } from 'lucide-react';
import { straicoAudioRequestSchema } from '#shared/generation.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useGenerationForm } from '../hooks/use-generation-form.ts';
import { GenerationSection } from './generation-section.tsx';
import { ModelAndPromptFields } from './model-and-prompt-fields.tsx';
import type { ModelOption } from './model-field.tsx';

/** Straico audio: text to speech with a Straico voice model. */
export function StraicoAudioForm({ models }: { models: readonly ModelOption[] }) {
  const t = useT();
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
      title={t('generation.straicoAudio.title')}
      icon={AudioLines}
      description={t('generation.straicoAudio.description')}
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel={t('generation.straicoAudio.generate')}
      onGenerate={generate}
    >
      <ModelAndPromptFields
        form={form}
        promptLabel={t('generation.straicoAudio.promptLabel')}
        placeholder={t('generation.straicoAudio.placeholder')}
      />
    </GenerationSection>
  );
}
