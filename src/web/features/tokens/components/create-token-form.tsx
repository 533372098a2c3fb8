import { useId } from 'react';
import { z } from 'zod';
import { type CreatedToken, createTokenRequestSchema, TOKEN_LIMITS, tokenScopes } from '#shared/tokens.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { Checkbox, Field, Select, TextField } from '#web/ui/field.tsx';
import { useCreateToken } from '../api/create-token.ts';
import { scopeLabels } from './scope-labels.ts';

/** The lifetimes offered: a token for a quick try should not outlive it, one for a daily agent may. */
const EXPIRY_DAYS = [30, 90, 365] as const;

/**
 * The route's own schema for the name and scopes; the expiry is a choice of the select's values, made into
 * `expires_in_days` on submit (none for "never").
 */
const createTokenFormSchema = createTokenRequestSchema.pick({ name: true, scopes: true }).extend({
  expiry: z.enum(['never', '30', '90', '365']),
});

/** Makes a token: its name, the scopes it gets (checkboxes) and when it expires; `onCreated` shows it once. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const t = useT();
  const id = useId();
  const create = useCreateToken();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(createTokenFormSchema, { defaultValues: { name: '', scopes: [], expiry: '90' } });

  const onSubmit = handleSubmit(({ name, scopes, expiry }) => {
    if (create.isPending) return;
    create.mutate(
      { name, scopes, ...(expiry === 'never' ? {} : { expires_in_days: Number(expiry) }) },
      {
        onSuccess: (created) => {
          reset();
          onCreated(created);
        },
        onError: (failure) =>
          setError('root.server', {
            message:
              failure instanceof ApiError && failure.code === 'conflict'
                ? t('tokens.form.tooMany')
                : t('tokens.form.failed'),
          }),
      },
    );
  });
  const submitError = errors.root?.server?.message;

  return (
    <form
      aria-labelledby={`${id}-heading`}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-2xl bg-(--surface-strong) p-3"
    >
      <h3 id={`${id}-heading`} className="font-bold text-(--ink)">
        {t('tokens.form.heading')}
      </h3>
      <TextField
        {...register('name')}
        label={t('tokens.form.name')}
        hint={t('tokens.form.nameHint')}
        maxLength={TOKEN_LIMITS.nameMax}
        autoComplete="off"
        error={errors.name ? t('tokens.form.nameMissing', { max: TOKEN_LIMITS.nameMax }) : undefined}
      />
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
      >
        <legend className="mb-1 font-semibold text-(--ink)">{t('tokens.form.scopes')}</legend>
        {tokenScopes.map((scope) => (
          <div key={scope} className="flex items-center gap-2 text-(--ink)">
            <Checkbox id={`${id}-${scope}`} {...register('scopes')} value={scope} />
            <label htmlFor={`${id}-${scope}`} className="flex flex-wrap items-baseline gap-x-2">
              <span>{t(scopeLabels[scope])}</span>
              {/* The scope's name as the API spells it, in English whatever the interface's language. */}
              <code lang="en" translate="no" className="text-xs text-(--ink-muted)">
                {scope}
              </code>
            </label>
          </div>
        ))}
        {errors.scopes ? (
          <p id={`${id}-scopes-error`} className="text-sm font-medium text-(--danger)">
            {t('tokens.form.scopesMissing')}
          </p>
        ) : null}
      </fieldset>
      <Field label={t('tokens.form.expiry')}>
        <Select {...register('expiry')}>
          <option value="never">{t('tokens.form.expiryNever')}</option>
          {EXPIRY_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {t('tokens.form.expiryDays', { count: days })}
            </option>
          ))}
        </Select>
      </Field>
      {submitError ? <Alert>{submitError}</Alert> : null}
      <Button type="submit" className="self-start" busy={create.isPending}>
        {t('tokens.form.create')}
      </Button>
    </form>
  );
}
