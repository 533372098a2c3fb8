import type { GenerationForm } from '../hooks/use-generation-form.ts';
import { PromptField } from './media-form-fields.tsx';
import { ModelField, type ModelsState } from './model-field.tsx';

/** The first two fields of every studio generation form: the model, then the prompt (or what to say). */
export function ModelAndPromptFields({
  form,
  modelsState = 'ready',
  promptLabel,
  placeholder,
}: {
  form: GenerationForm;
  modelsState?: ModelsState;
  promptLabel?: string;
  placeholder: string;
}) {
  return (
    <>
      <ModelField
        models={form.models}
        state={modelsState}
        value={form.model}
        onChange={form.setModel}
        error={form.errors.model}
      />
      <PromptField
        label={promptLabel}
        value={form.prompt}
        onChange={form.setPrompt}
        placeholder={placeholder}
        error={form.errors.prompt}
      />
    </>
  );
}
