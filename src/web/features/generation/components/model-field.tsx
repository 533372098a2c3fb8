import { useT } from '#web/lib/i18n/use-t.ts';
import { Field, Select } from '#web/ui/field.tsx';

export type ModelOption = { id: string; name: string; description?: string };
/** Whether the list of models is still loading, could not be loaded, or is here. */
export type ModelsState = 'loading' | 'error' | 'ready';

/**
 * The model of a generation form, with the chosen model's description beneath (or, in its place, why the model
 * was refused). While the list loads, or when it could not load or is empty, the select says so and Generate
 * stays off (no model is chosen).
 */
export function ModelField({
  models,
  state,
  value,
  onChange,
  error,
}: {
  models: readonly ModelOption[];
  state: ModelsState;
  value: string;
  onChange: (model: string) => void;
  error?: string | undefined;
}) {
  const t = useT();
  const chosen = models.find((model) => model.id === value);
  const placeholder =
    state === 'loading'
      ? t('generation.model.loading')
      : state === 'error'
        ? t('generation.model.loadFailed')
        : t('generation.model.none');
  return (
    <Field
      label={t('generation.model.label')}
      hint={error ? undefined : chosen?.description}
      error={error}
      className="min-w-0"
    >
      <Select
        value={models.length === 0 ? '' : value}
        disabled={models.length === 0}
        onChange={(event) => onChange(event.target.value)}
      >
        {models.length === 0 ? <option value="">{placeholder}</option> : null}
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
