import { useState } from 'react';
import type { z } from 'zod';
import type { GenerationStart } from '#web/features/generation/api/start-generation.ts';
import type { ModelOption } from '../components/model-field.tsx';
import { type FieldErrors, fieldErrorsOf } from '../model/field-errors.ts';
import type { GenerationSection } from '../model/generation-sections.ts';
import { useGenerationRuns } from './use-generation-runs.ts';

/**
 * What every studio generation form shares: its generations, the model (the first one offered until the
 * member picks another), the prompt, and the field errors of the last try. Generate is possible once there is
 * a prompt and a model (part 2 §5). Each form keeps its own further fields and builds its request from them.
 */
export function useGenerationForm(section: GenerationSection, models: readonly ModelOption[]) {
  const runs = useGenerationRuns(section);
  const [pickedModel, setModel] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const model = pickedModel ?? models[0]?.id ?? '';

  /**
   * Checks the request with its route's schema (the one the server checks it with): the first problem of each
   * field is shown beside that field, or, when all is well, the generation starts.
   */
  function generate<Body>(schema: z.ZodType<Body>, request: unknown, start: (body: Body) => GenerationStart) {
    const parsed = schema.safeParse(request);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    runs.generate(start(parsed.data));
  }

  return {
    runs,
    models,
    model,
    setModel,
    prompt,
    setPrompt,
    errors,
    canGenerate: prompt.trim() !== '' && model !== '',
    generate,
  };
}

export type GenerationForm = ReturnType<typeof useGenerationForm>;
