import { ImageIcon } from 'lucide-react';
import { type AiImageRequest, aiImageRequestSchema, STRAICO_DEFAULTS } from '#shared/generation.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { type GenerationRequest, useGenerationForm } from '../hooks/use-generation-form.ts';
import { GenerationSection } from './generation-section.tsx';
import { FixedSetting } from './media-form-fields.tsx';
import { ModelAndPromptFields } from './model-and-prompt-fields.tsx';
import type { ModelOption } from './model-field.tsx';

const straicoImageRequest: GenerationRequest<AiImageRequest> = {
  toRequest: (values) => ({
    provider: 'straico',
    model: values.model,
    prompt: values.prompt,
    size: STRAICO_DEFAULTS.imageSize,
  }),
  schema: aiImageRequestSchema,
  start: (body) => ({ kind: 'ai-image', body }),
};

/** Straico images: a Straico image model and the prompt, at 1024x1024 (`POST /api/ai/image`). */
export function StraicoImageForm({ models }: { models: readonly ModelOption[] }) {
  const t = useT();
  const form = useGenerationForm('straico-image', models, straicoImageRequest);

  return (
    <GenerationSection
      title={t('generation.straicoImage.title')}
      icon={ImageIcon}
      description={t('generation.straicoImage.description')}
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel={t('generation.straicoImage.generate')}
      onGenerate={form.generate}
    >
      <ModelAndPromptFields form={form} placeholder={t('generation.straicoImage.placeholder')} />
      <FixedSetting label={t('generation.straicoImage.size')} value={STRAICO_DEFAULTS.imageSize} />
    </GenerationSection>
  );
}
