import { useState } from 'react';
import type { z } from 'zod';
import type { GenerationStart } from '#web/features/generation/api/start-generation.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import type { ModelOption } from '../components/model-field.tsx';
import { type FieldIssues, fieldErrorsOf, fieldIssuesOf } from '../model/field-errors.ts';
import type { GenerationSection } from '../model/generation-sections.ts';
import { useGenerationRuns } from './use-generation-runs.ts';

/**
 * What every studio generation form shares: its generations, the model (the first one offered until the
 * member picks another), the prompt, and the field errors of the last try. Generate is possible once there is
 * a prompt and a model. Each form keeps its own further fields and builds its request from them.
 */
export function useGenerationForm(section: GenerationSection, models: readonly ModelOption[]) {
  const runs = useGenerationRuns(section);
  const [pickedModel, setModel] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [issues, setIssues] = useState<FieldIssues>({});
  const t = useT();
  // Worded at each render, so a switch of language rewords them.
  const errors = fieldErrorsOf(t, issues);
  const model = pickedModel ?? models[0]?.id ?? '';

  /**
   * Checks the request with its route's schema (the one the server checks it with): the first problem of each
   * field is shown beside that field, or, when all is well, the generation starts.
   */
  function generate<Body>(schema: z.ZodType<Body>, request: unknown, start: (body: Body) => GenerationStart) {
    const parsed = schema.safeParse(request);
    if (!parsed.success) {
      setIssues(fieldIssuesOf(parsed.error));
      return;
    }
    setIssues({});
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
