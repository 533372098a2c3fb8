import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import type { GenerationStart } from '#web/features/generation/api/start-generation.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import type { ModelOption } from '../components/model-field.tsx';
import { fieldErrorsOf, type NumberRanges } from '../model/field-errors.ts';
import type { GenerationSection } from '../model/generation-sections.ts';
import { type GenerationValues, generationDefaults } from '../model/generation-values.ts';
import { useGenerationRuns } from './use-generation-runs.ts';

/** What one studio form sends: the request its fields make, its route's schema, how it starts. */
export type GenerationRequest<Body extends FieldValues> = {
  /** The fields' first values where they differ from the usual defaults (generation-values.ts). */
  defaults?: Partial<GenerationValues>;
  /** The request body the fields make (numbers as typed become numbers), before the route's schema checks it. */
  toRequest: (values: GenerationValues) => unknown;
  /** The schema the route checks the body with. */
  schema: z.ZodType<Body>;
  start: (body: Body) => GenerationStart;
  /** The whole-number fields' ranges, which their problems name. */
  ranges?: NumberRanges;
};

/**
 * A studio generation form (useZodForm, as every form): its generations, its fields, and the route's schema as
 * its check, the model being the first one offered until the member picks another. Generate is possible once
 * there is a prompt and a model; a press checks the request, shows the first problem of each field
 * beside that field, or starts the generation. `request` is the form's module-level constant.
 */
export function useGenerationForm<Body extends FieldValues>(
  section: GenerationSection,
  models: readonly ModelOption[],
  request: GenerationRequest<Body>,
) {
  const t = useT();
  const runs = useGenerationRuns(section);
  const firstModel = models[0]?.id ?? '';
  const schema = useMemo(
    () =>
      z
        .custom<GenerationValues>()
        .transform((values) => request.toRequest({ ...values, model: values.model || firstModel }))
        .pipe(request.schema),
    [request, firstModel],
  );
  const form = useZodForm(schema, { defaultValues: { ...generationDefaults, ...request.defaults } });
  const values = form.watch();
  const model = values.model || firstModel;

  return {
    register: form.register,
    runs,
    models,
    model,
    setModel: (id: string) => form.setValue('model', id),
    prompt: values.prompt,
    setPrompt: (prompt: string) => form.setValue('prompt', prompt),
    // Worded at each render, so a switch of language rewords them.
    errors: fieldErrorsOf(t, form.formState.errors, values, request.ranges ?? {}),
    canGenerate: values.prompt.trim() !== '' && model !== '',
    generate: () => void form.handleSubmit((body) => runs.generate(request.start(body)))(),
  };
}

export type GenerationForm = ReturnType<typeof useGenerationForm>;
