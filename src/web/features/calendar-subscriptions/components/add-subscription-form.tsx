import { useId } from 'react';
import {
  CALENDAR_SUBSCRIPTION_LIMITS,
  calendarSubscriptionColors,
  createCalendarSubscriptionSchema,
} from '#shared/calendar-subscriptions.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/field.tsx';
import { useCreateSubscription } from '../api/create-subscription.ts';
import { colorLabels } from './color-labels.ts';

/**
 * Subscribes to a calendar by its link, with an optional name and a colour from the palette (radio buttons, each
 * named). The server fetches it at once: a link it cannot read is refused with the reason on the link's field.
 */
export function AddSubscriptionForm() {
  const t = useT();
  const id = useId();
  const create = useCreateSubscription();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(createCalendarSubscriptionSchema, {
    defaultValues: { url: '', name: undefined, color: calendarSubscriptionColors[0] },
  });

  const onSubmit = handleSubmit((request) => {
    if (create.isPending) return;
    create.mutate(request, {
      onSuccess: () => reset(),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'conflict') {
          setError('root.server', { message: failure.message });
        } else if (failure instanceof ApiError && failure.status < 500) {
          // The server says why, in the member's language: unreachable, no calendar, a private address, too big.
          setError('url', { type: 'server', message: failure.message });
        } else {
          setError('root.server', { message: t('calendarSubscriptions.form.failed') });
        }
      },
    });
  });
  const submitError = errors.root?.server?.message;
  const urlError = errors.url
    ? errors.url.type === 'server'
      ? errors.url.message
      : t('calendarSubscriptions.form.urlInvalid')
    : undefined;

  return (
    <form
      aria-labelledby={`${id}-heading`}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-2xl bg-(--surface-strong) p-3"
    >
      <h3 id={`${id}-heading`} className="font-bold text-(--ink)">
        {t('calendarSubscriptions.form.heading')}
      </h3>
      <TextField
        {...register('url')}
        type="url"
        inputMode="url"
        label={t('calendarSubscriptions.form.url')}
        hint={t('calendarSubscriptions.form.urlHint')}
        maxLength={CALENDAR_SUBSCRIPTION_LIMITS.urlMax}
        autoComplete="off"
        error={urlError}
      />
      <TextField
        {...register('name', { setValueAs: (value: string) => (value.trim() === '' ? undefined : value) })}
        label={t('calendarSubscriptions.form.name')}
        hint={t('calendarSubscriptions.form.nameHint')}
        maxLength={CALENDAR_SUBSCRIPTION_LIMITS.nameMax}
        autoComplete="off"
        error={
          errors.name
            ? t('calendarSubscriptions.form.nameTooLong', { max: CALENDAR_SUBSCRIPTION_LIMITS.nameMax })
            : undefined
        }
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-(--ink)">{t('calendarSubscriptions.form.color')}</legend>
        <div className="flex flex-wrap gap-2">
          {calendarSubscriptionColors.map((color) => (
            <label
              key={color}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-(--line) px-3 py-1.5 text-sm text-(--ink) has-checked:border-(--accent) has-checked:font-semibold has-focus-visible:outline-2 has-focus-visible:outline-(--accent)"
            >
              <input type="radio" value={color} {...register('color')} className="sr-only" />
              <span aria-hidden="true" className="size-4 rounded-full" style={{ backgroundColor: color }} />
              {t(colorLabels[color])}
            </label>
          ))}
        </div>
      </fieldset>
      {submitError ? <Alert>{submitError}</Alert> : null}
      <Button type="submit" className="self-start" busy={create.isPending}>
        {create.isPending ? t('calendarSubscriptions.form.adding') : t('calendarSubscriptions.form.add')}
      </Button>
    </form>
  );
}
