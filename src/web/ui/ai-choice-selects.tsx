import { type AiProviderId, aiProviderIdSchema, aiProviderLabels, type ModelCategory } from '#shared/ai.ts';

/**
 * The provider select of an AI choice. Providers the server has no key for stay choosable but say so; while
 * the catalogue loads (`configured` unknown) nothing is marked.
 */
export function ProviderSelect({
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
            ? aiProviderLabels[provider]
            : `${aiProviderLabels[provider]} (not configured)`}
        </option>
      ))}
    </select>
  );
}

/**
 * The model select of an AI provider (part 2 §2: grouped by category). A model that is not in the listed
 * categories (a saved choice the catalogue no longer offers) stays selectable as itself, so the select never
 * shows a different model from the one that will be used.
 */
export function ModelSelect({
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
  const listed = categories.some((category) => category.models.some((model) => model.id === value));
  return (
    <select
      id={id}
      className={className}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {listed ? null : <option value={value}>{value || 'No model'}</option>}
      {categories.map((category) => (
        <optgroup key={category.id} label={category.label}>
          {category.models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
