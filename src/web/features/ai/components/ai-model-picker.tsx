import { useId } from 'react';
import { type AiChoice, type AiProviderId, aiProviderIdSchema, type ModelCategory } from '#shared/ai.ts';
import { categoriesOf, firstModelOf } from '#shared/ai-catalogue.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { categoryLabel, modelText, providerLabel } from '../model/ai-labels.ts';
import { providersIn } from '../model/ai-selection.ts';

/**
 * The one AI model picker: a provider select and its models grouped by category, used by the
 * studio's model bar, the AI Settings tab and the community's AI settings panel. Switching provider selects that
 * provider's first model. The caller passes the catalogue it offers (the community passes chat models only) and
 * lays the two fields out with `className`.
 */
export function AiModelPicker({
  catalogue,
  configured,
  choice,
  disabled,
  onChange,
  className,
  labelClass,
  controlClass,
}: {
  catalogue: readonly ModelCategory[];
  /** The providers the server has a key for; unknown while the catalogue loads. */
  configured: readonly AiProviderId[] | undefined;
  choice: AiChoice;
  disabled: boolean;
  onChange: (choice: AiChoice) => void;
  className: string;
  labelClass: string;
  controlClass: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className={className}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-provider`} className={labelClass}>
          {t('ai.picker.provider')}
        </label>
        <ProviderSelect
          id={`${id}-provider`}
          className={controlClass}
          providers={providersIn(catalogue, choice)}
          configured={configured}
          value={choice.provider}
          disabled={disabled}
          onChange={(provider) => onChange({ provider, model: firstModelOf(catalogue, provider) ?? '' })}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-model`} className={labelClass}>
          {t('ai.picker.model')}
        </label>
        <ModelSelect
          id={`${id}-model`}
          className={controlClass}
          categories={categoriesOf(catalogue, choice.provider)}
          value={choice.model}
          disabled={disabled}
          onChange={(model) => onChange({ provider: choice.provider, model })}
        />
      </div>
    </div>
  );
}

/**
 * The provider select of an AI choice. Providers the server has no key for stay choosable but say so; while
 * the catalogue loads (`configured` unknown) nothing is marked.
 */
function ProviderSelect({
  id,
  className,
  providers,
  configured,
  value,
  disabled,
  onChange,
}: {
  id: string;
  className: string;
  providers: readonly AiProviderId[];
  configured: readonly AiProviderId[] | undefined;
  value: AiProviderId;
  disabled: boolean;
  onChange: (provider: AiProviderId) => void;
}) {
  const t = useT();
  return (
    <select
      id={id}
      className={className}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(aiProviderIdSchema.parse(event.target.value))}
    >
      {providers.map((provider) => (
        <option key={provider} value={provider}>
          {configured === undefined || configured.includes(provider)
            ? providerLabel(t, provider)
            : t('ai.picker.notConfigured', { provider: providerLabel(t, provider) })}
        </option>
      ))}
    </select>
  );
}

/**
 * The model select of an AI provider (grouped by category). A model that is not in the listed
 * categories (a saved choice the catalogue no longer offers) stays selectable as itself, so the select never
 * shows a different model from the one that will be used.
 */
function ModelSelect({
  id,
  className,
  categories,
  value,
  disabled,
  onChange,
}: {
  id: string;
  className: string;
  categories: readonly ModelCategory[];
  value: string;
  disabled: boolean;
  onChange: (model: string) => void;
}) {
  const t = useT();
  const listed = categories.some((category) => category.models.some((model) => model.id === value));
  return (
    <select
      id={id}
      className={className}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {listed ? null : <option value={value}>{value || t('ai.picker.noModel')}</option>}
      {categories.map((category) => (
        <optgroup key={category.id} label={categoryLabel(t, category)}>
          {category.models.map((model) => (
            <option key={model.id} value={model.id}>
              {modelText(t, model)}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
