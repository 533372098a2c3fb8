import { z } from 'zod';
import {
  type NotificationChannels,
  type NotificationSettings,
  type NotificationType,
  notificationSettingsSchema,
  notificationTypes,
} from '#shared/notifications.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { Field, Input } from '#web/ui/field.tsx';
import { SwitchButton } from '#web/ui/switch-button.tsx';
import { toast } from '#web/ui/toast.ts';
import { useSaveNotificationSettings } from '../api/notification-settings.ts';
import { kindName } from '../model/notification-kinds.ts';

/** A time on the clock as the settings take it (`HH:MM`, 24 h): the contract's own rule. */
const clockTime = notificationSettingsSchema.shape.quiet_hours.unwrap().shape.start;

/**
 * The form's fields: the contract's `types` as they are, and quiet hours as a switch and two times, which the
 * submit makes into `quiet_hours` (null when off). Times are checked only while quiet hours are on.
 */
const preferencesFormSchema = z
  .object({
    types: notificationSettingsSchema.shape.types,
    quiet: z.boolean(),
    start: z.string(),
    end: z.string(),
  })
  .superRefine((form, context) => {
    if (!form.quiet) return;
    for (const field of ['start', 'end'] as const) {
      if (!clockTime.safeParse(form[field]).success) context.addIssue({ code: 'custom', path: [field] });
    }
  });
type PreferencesForm = z.input<typeof preferencesFormSchema>;

/** Quiet hours a member most often wants, offered when they turn them on. */
const SUGGESTED_QUIET = { start: '22:00', end: '07:00' };

function formOf(settings: NotificationSettings): PreferencesForm {
  return {
    types: settings.types,
    quiet: settings.quiet_hours !== null,
    start: settings.quiet_hours?.start ?? SUGGESTED_QUIET.start,
    end: settings.quiet_hours?.end ?? SUGGESTED_QUIET.end,
  };
}

/**
 * What the member hears about: per type, push to their devices and the notification centre; and quiet hours,
 * on this device's clock (its zone is saved with them). Saved with one button.
 */
export function NotificationPreferencesForm({ settings }: { settings: NotificationSettings }) {
  const t = useT();
  const save = useSaveNotificationSettings();
  const zone = browserTimeZone();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useZodForm(preferencesFormSchema, { defaultValues: formOf(settings) });
  const [types, quiet] = watch(['types', 'quiet']);

  function setChannel(type: NotificationType, channel: keyof NotificationChannels, on: boolean) {
    setValue('types', { ...types, [type]: { ...types[type], [channel]: on } }, { shouldDirty: true });
  }

  const onSubmit = handleSubmit((form) => {
    save.mutate(
      {
        types: form.types,
        quiet_hours: form.quiet ? { start: form.start, end: form.end } : null,
        time_zone: zone,
      },
      {
        onSuccess: () => toast.success(t('notifications.preferences.saved')),
        onError: () => setError('root.server', { message: t('notifications.preferences.saveFailed') }),
      },
    );
  });

  return (
    <form
      aria-label={t('notifications.preferences.heading')}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
    >
      {notificationTypes.map((type) => {
        const name = kindName(type);
        return (
          <fieldset key={type} className="flex flex-col gap-1">
            <legend className="mb-1 font-semibold text-(--ink)">{name ? t(name) : type}</legend>
            <SwitchButton on={types[type].push} onChange={(on) => setChannel(type, 'push', on)}>
              {t('notifications.preferences.push')}
            </SwitchButton>
            <SwitchButton on={types[type].in_app} onChange={(on) => setChannel(type, 'in_app', on)}>
              {t('notifications.preferences.inApp')}
            </SwitchButton>
          </fieldset>
        );
      })}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-(--ink)">
          {t('notifications.preferences.quietHours')}
        </legend>
        <SwitchButton on={quiet} onChange={(on) => setValue('quiet', on, { shouldDirty: true })}>
          {t('notifications.preferences.quietHours')}
        </SwitchButton>
        {quiet ? (
          <div className="grid grid-cols-2 gap-3">
            <Field
              label={t('notifications.preferences.from')}
              error={errors.start ? t('notifications.preferences.timeNeeded') : undefined}
            >
              <Input type="time" {...register('start')} />
            </Field>
            <Field
              label={t('notifications.preferences.until')}
              error={errors.end ? t('notifications.preferences.timeNeeded') : undefined}
            >
              <Input type="time" {...register('end')} />
            </Field>
          </div>
        ) : null}
        <p className="text-sm text-(--ink-muted)">{t('notifications.preferences.quietHelp', { zone })}</p>
      </fieldset>
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <Button type="submit" className="self-start" busy={save.isPending}>
        {t('notifications.preferences.save')}
      </Button>
    </form>
  );
}
