import { type AiChoice, type AiProviderId, aiProviderIdSchema, type ModelCategory } from '#shared/ai.ts';
import { categoriesOf, firstModelOf } from '#shared/ai-catalogue.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Field, Select } from '#web/ui/field.tsx';
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
  labelClassName,
}: {
  catalogue: readonly ModelCategory[];
  /** The providers the server has a key for; unknown while the catalogue loads. */
  configured: readonly AiProviderId[] | undefined;
  choice: AiChoice;
  disabled: boolean;
  onChange: (choice: AiChoice) => void;
  className: string;
  /** The labels' look, when not the fields' (the studio's model bar). */
  labelClassName?: string;
}) {
  const t = useT();
  return (
    <div className={className}>
      <Field label={t('ai.picker.provider')} labelClassName={labelClassName}>
        <ProviderSelect
          providers={providersIn(catalogue, choice)}
          configured={configured}
          value={choice.provider}
          disabled={disabled}
          onChange={(provider) => onChange({ provider, model: firstModelOf(catalogue, provider) ?? '' })}
        />
      </Field>
      <Field label={t('ai.picker.model')} labelClassName={labelClassName} className="min-w-0">
        <ModelSelect
          categories={categoriesOf(catalogue, choice.provider)}
          value={choice.model}
          disabled={disabled}
          onChange={(model) => onChange({ provider: choice.provider, model })}
        />
      </Field>
    </div>
  );
}

/**
 * The provider select of an AI choice. Providers the server has no key for stay choosable but say so; while
 * the catalogue loads (`configured` unknown) nothing is marked.
 */
function ProviderSelect({
  providers,
  configured,
  value,
  disabled,
  onChange,
}: {
  providers: readonly AiProviderId[];
  configured: readonly AiProviderId[] | undefined;
  value: AiProviderId;
  disabled: boolean;
  onChange: (provider: AiProviderId) => void;
}) {
  const t = useT();
  return (
    <Select
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
    </Select>
  );
}

/**
 * The model select of an AI provider (grouped by category). A model that is not in the listed
 * categories (a saved choice the catalogue no longer offers) stays selectable as itself, so the select never
 * shows a different model from the one that will be used.
 */
function ModelSelect({
  categories,
  value,
  disabled,
  onChange,
}: {
  categories: readonly ModelCategory[];
  value: string;
  disabled: boolean;
  onChange: (model: string) => void;
}) {
  const t = useT();
  const listed = categories.some((category) => category.models.some((model) => model.id === value));
  return (
    <Select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
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
    </Select>
  );
}
