import { Save } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { TOAST_MS } from '#shared/constants.ts';
import { DEFAULT_DISPLAY_NAME, PROFILE_LIMITS } from '#shared/profile.ts';
import { translate, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { controlClass, labelClass } from '../../../ui/field-classes.ts';
import type { ProfileDraftState } from '../hooks/use-profile-draft.ts';
import { timeZoneChoices } from '../model/time-zones.ts';
import { TagsInput } from './tags-input.tsx';

/**
 * Profile Info: display name, about, avatar URL (a URL field), tags, and the time zone the
 * member's days (stats, calendar) are counted in. Save sends only the text fields that are filled in.
 */
export function ProfileInfoTab({ form }: { form: ProfileDraftState }) {
  const t = useT();
  const id = useId();
  const { profile, draft } = form;

  if (profile.isError) {
    return (
      <LoadError
        what={t('profile.what')}
        error={profile.error}
        retrying={profile.isFetching}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  if (!draft) return <Spinner label={t('profile.loading')} />;

  const storedAvatar = profile.data?.avatar_url?.startsWith('/api/') ?? false;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.save(() => toast.success(translate('profile.info.saved'), { duration: TOAST_MS.success }));
  }

  return (
    <GlassPanel aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-4 text-xl font-bold text-(--ink)">
        {t('profile.info.heading')}
      </h2>
      <form onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          {...form.register('display_name')}
          label={t('profile.info.displayName')}
          maxLength={PROFILE_LIMITS.displayNameMax}
          autoComplete="nickname"
          placeholder={DEFAULT_DISPLAY_NAME}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-about`} className={labelClass}>
            {t('profile.info.about')}
          </label>
          <textarea
            {...form.register('about')}
            id={`${id}-about`}
            maxLength={PROFILE_LIMITS.aboutMax}
            rows={5}
            className={`${controlClass} py-3`}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <TextField
            {...form.register('avatar_url')}
            label={t('profile.info.avatarUrl')}
            type="url"
            inputMode="url"
            maxLength={PROFILE_LIMITS.urlMax}
            placeholder={t('profile.info.avatarUrlPlaceholder')}
            aria-describedby={storedAvatar ? `${id}-avatar-note` : undefined}
          />
          {storedAvatar ? (
            <p id={`${id}-avatar-note`} className="text-sm text-(--ink-muted)">
              {t('profile.info.storedAvatar')}
            </p>
          ) : null}
        </div>
        <TagsInput tags={draft.tags} onChange={(tags) => form.change({ tags: [...tags] })} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-zone`} className={labelClass}>
            {t('profile.info.timeZone')}
          </label>
          {/* Controlled: its options depend on its value (a saved zone the browser's list lacks is added). */}
          <Controller
            control={form.control}
            name="time_zone"
            render={({ field }) => (
              <select
                {...field}
                id={`${id}-zone`}
                aria-describedby={`${id}-zone-hint`}
                className={controlClass}
              >
                {timeZoneChoices(field.value).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            )}
          />
          <p id={`${id}-zone-hint`} className="text-sm text-(--ink-muted)">
            {t('profile.info.timeZoneHint')}
          </p>
        </div>
        {form.saveError ? <Alert>{form.saveError}</Alert> : null}
        <Button type="submit" busy={form.saving} className="self-start">
          <Save aria-hidden="true" className="size-5" />
          {t('profile.info.save')}
        </Button>
      </form>
    </GlassPanel>
  );
}
