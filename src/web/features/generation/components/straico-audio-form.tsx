import { AudioLines } from 'lucide-react';
import { type StraicoAudioRequest, straicoAudioRequestSchema } from '#shared/generation.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { type GenerationRequest, useGenerationForm } from '../hooks/use-generation-form.ts';
import { GenerationSection } from './generation-section.tsx';
import { ModelAndPromptFields } from './model-and-prompt-fields.tsx';
import type { ModelOption } from './model-field.tsx';

const straicoAudioRequest: GenerationRequest<StraicoAudioRequest> = {
  toRequest: (values) => ({ provider: 'straico', model: values.model, prompt: values.prompt }),
  schema: straicoAudioRequestSchema,
  start: (body) => ({ kind: 'straico-audio', body }),
};

/** Straico audio: text to speech with a Straico voice model. */
export function StraicoAudioForm({ models }: { models: readonly ModelOption[] }) {
  const t = useT();
  const form = useGenerationForm('straico-audio', models, straicoAudioRequest);

  return (
    <GenerationSection
      title={t('generation.straicoAudio.title')}
      icon={AudioLines}
      description={t('generation.straicoAudio.description')}
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel={t('generation.straicoAudio.generate')}
      onGenerate={form.generate}
    >
      <ModelAndPromptFields
        form={form}
        promptLabel={t('generation.straicoAudio.promptLabel')}
        placeholder={t('generation.straicoAudio.placeholder')}
      />
    </GenerationSection>
  );
}
