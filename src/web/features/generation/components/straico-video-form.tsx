import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import { type AspectRatio, STRAICO_DEFAULTS, straicoVideoRequestSchema } from '#shared/generation.ts';
import { MEDIA_LIMITS } from '#shared/media.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useGenerationForm } from '../hooks/use-generation-form.ts';
import { GenerationSection } from './generation-section.tsx';
import { DurationAndAspectFields, Field, fieldClass } from './media-form-fields.tsx';
import { ModelAndPromptFields } from './model-and-prompt-fields.tsx';
import type { ModelOption } from './model-field.tsx';

/**
 * Straico video: a Straico video model, the prompt, the duration (default 4 s), the aspect
 * (default 16:9) and, if the member has one, the link of a still to start from.
 */
export function StraicoVideoForm({ models }: { models: readonly ModelOption[] }) {
  const t = useT();
  const form = useGenerationForm('straico-video', models);
  const [duration, setDuration] = useState(String(STRAICO_DEFAULTS.videoSeconds));
  const [aspect, setAspect] = useState<AspectRatio>(STRAICO_DEFAULTS.aspectRatio);
  const [imageUrl, setImageUrl] = useState('');

  function generate() {
    form.generate(
      straicoVideoRequestSchema,
      {
        provider: 'straico',
        model: form.model,
        prompt: form.prompt,
        duration: Number(duration),
        aspect_ratio: aspect,
        image_url: imageUrl.trim() === '' ? undefined : imageUrl,
      },
      (body) => ({ kind: 'straico-video', body }),
    );
  }

  return (
    <GenerationSection
      title={t('generation.straicoVideo.title')}
      icon={Clapperboard}
      description={t('generation.straicoVideo.description')}
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel={t('generation.straicoVideo.generate')}
      onGenerate={generate}
    >
      <ModelAndPromptFields form={form} placeholder={t('generation.straicoVideo.placeholder')} />
      <DurationAndAspectFields
        duration={duration}
        onDurationChange={setDuration}
        limits={MEDIA_LIMITS.straicoVideoSeconds}
        aspect={aspect}
        onAspectChange={setAspect}
        error={form.errors.duration}
      />
      <Field label={t('generation.straicoVideo.imageUrl')} error={form.errors.image_url}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="url"
            inputMode="url"
            value={imageUrl}
            maxLength={MEDIA_LIMITS.urlMax}
            placeholder={t('generation.straicoVideo.imageUrlPlaceholder')}
            aria-invalid={form.errors.image_url ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => setImageUrl(event.target.value)}
            className={fieldClass}
          />
        )}
      </Field>
    </GenerationSection>
  );
}
