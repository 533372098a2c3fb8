import { useId } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { fieldClass } from './media-form-fields.tsx';

export type ModelOption = { id: string; name: string; description?: string };
/** Whether the list of models is still loading, could not be loaded, or is here. */
export type ModelsState = 'loading' | 'error' | 'ready';

/**
 * The model of a generation form, with the chosen model's description beneath. While the list loads, or when
 * it could not load or is empty, the select says so and Generate stays off (no model is chosen).
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
  error?: string;
}) {
  const t = useT();
  const id = useId();
  const chosen = models.find((model) => model.id === value);
  const placeholder =
    state === 'loading'
      ? t('generation.model.loading')
      : state === 'error'
        ? t('generation.model.loadFailed')
        : t('generation.model.none');
  const note = error ?? chosen?.description;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-(--ink)">
        {t('generation.model.label')}
      </label>
      <select
        id={id}
        value={models.length === 0 ? '' : value}
        disabled={models.length === 0}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={fieldClass}
      >
        {models.length === 0 ? <option value="">{placeholder}</option> : null}
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.name}
          </option>
        ))}
      </select>
      {note ? (
        <p
          id={`${id}-note`}
          className={`text-sm ${error ? 'font-medium text-(--danger)' : 'text-(--ink-muted)'}`}
        >
          {note}
        </p>
      ) : null}
    </div>
  );
}
