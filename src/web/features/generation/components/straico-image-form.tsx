import { ImageIcon } from 'lucide-react';
import { aiImageRequestSchema, STRAICO_DEFAULTS } from '#shared/generation.ts';
import { useGenerationForm } from '../hooks/use-generation-form.ts';
import { GenerationSection } from './generation-section.tsx';
import { FixedSetting } from './media-form-fields.tsx';
import { ModelAndPromptFields } from './model-and-prompt-fields.tsx';
import type { ModelOption } from './model-field.tsx';

/** Straico images (part 2 §2, §9): a Straico image model and the prompt, at 1024x1024 (`POST /api/ai/image`). */
export function StraicoImageForm({ models }: { models: readonly ModelOption[] }) {
  const form = useGenerationForm('straico-image', models);

  function generate() {
    form.generate(
      aiImageRequestSchema,
      { provider: 'straico', model: form.model, prompt: form.prompt, size: STRAICO_DEFAULTS.imageSize },
      (body) => ({ kind: 'ai-image', body }),
    );
  }

  return (
    <GenerationSection
      title="Straico image"
      icon={ImageIcon}
      description="Images from a prompt with the image models Straico offers."
      runs={form.runs}
      canGenerate={form.canGenerate}
      generateLabel="Generate image"
      onGenerate={generate}
    >
      <ModelAndPromptFields form={form} placeholder="A cozy reading nook with a sleeping cat, golden hour" />
      <FixedSetting label="Size" value={STRAICO_DEFAULTS.imageSize} />
    </GenerationSection>
  );
}
