import { Clapperboard } from 'lucide-react';
import { type StraicoVideoRequest, straicoVideoRequestSchema } from '#shared/generation.ts';
import { MEDIA_LIMITS } from '#shared/media.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { TextField } from '#web/ui/field.tsx';
import { type GenerationRequest, useGenerationForm } from '../hooks/use-generation-form.ts';
import { GenerationSection } from './generation-section.tsx';
import { DurationAndAspectFields } from './media-form-fields.tsx';
import { ModelAndPromptFields } from './model-and-prompt-fields.tsx';
import type { ModelOption } from './model-field.tsx';

const straicoVideoRequest: GenerationRequest<StraicoVideoRequest> = {
  toRequest: (values) => ({
    provider: 'straico',
    model: values.model,
    prompt: values.prompt,
    duration: Number(values.duration),
    aspect_ratio: values.aspect_ratio,
    image_url: values.image_url.trim() === '' ? undefined : values.image_url,
  }),
  schema: straicoVideoRequestSchema,
  start: (body) => ({ kind: 'straico-video', body }),
  ranges: { duration: MEDIA_LIMITS.straicoVideoSeconds },
};

/**
 * Straico video: a Straico video model, the prompt, the duration (default 4 s), the aspect
 * (default 16:9) and, if the member has one, the link of a still to start from.
 */
export function StraicoVideoForm({ models }: { models: readonly ModelOption[] }) {
  const t = useT();
  const form = useGenerationForm('straico-video', models, straicoVideoRequest);

  return (
    <GenerationSection
      title={t('generation.straicoVideo.title')}
      icon={Clapperboard}
      description={t('generation.straicoVideo.description')}
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel={t('generation.straicoVideo.generate')}
      onGenerate={form.generate}
    >
      <ModelAndPromptFields form={form} placeholder={t('generation.straicoVideo.placeholder')} />
      <DurationAndAspectFields
        duration={form.register('duration')}
        range={MEDIA_LIMITS.straicoVideoSeconds}
        aspect={form.register('aspect_ratio')}
        error={form.errors.duration}
      />
      <TextField
        {...form.register('image_url')}
        label={t('generation.straicoVideo.imageUrl')}
        error={form.errors.image_url}
        className="min-w-0"
        type="url"
        inputMode="url"
        maxLength={MEDIA_LIMITS.urlMax}
        placeholder={t('generation.straicoVideo.imageUrlPlaceholder')}
      />
    </GenerationSection>
  );
}
