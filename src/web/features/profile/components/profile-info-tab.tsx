import { Save } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Controller } from 'react-hook-form';
import { TOAST_MS } from '#shared/constants.ts';
import { DEFAULT_DISPLAY_NAME, PROFILE_LIMITS } from '#shared/profile.ts';
import { translate, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { Field, Select, Textarea, TextField } from '#web/ui/field.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { toast } from '#web/ui/toast.ts';
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
        <Field label={t('profile.info.about')}>
          <Textarea
            {...form.register('about')}
            maxLength={PROFILE_LIMITS.aboutMax}
            rows={5}
            className="py-3!"
          />
        </Field>
        <TextField
          {...form.register('avatar_url')}
          label={t('profile.info.avatarUrl')}
          hint={storedAvatar ? t('profile.info.storedAvatar') : undefined}
          type="url"
          inputMode="url"
          maxLength={PROFILE_LIMITS.urlMax}
          placeholder={t('profile.info.avatarUrlPlaceholder')}
        />
        <TagsInput tags={draft.tags} onChange={(tags) => form.change({ tags: [...tags] })} />
        <Field label={t('profile.info.timeZone')} hint={t('profile.info.timeZoneHint')}>
          {/* Controlled: its options depend on its value (a saved zone the browser's list lacks is added). */}
          <Controller
            control={form.control}
            name="time_zone"
            render={({ field }) => (
              <Select {...field}>
                {timeZoneChoices(field.value).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </Select>
            )}
          />
        </Field>
        {form.saveError ? <Alert>{form.saveError}</Alert> : null}
        <Button type="submit" busy={form.saving} className="self-start">
          <Save aria-hidden="true" className="size-5" />
          {t('profile.info.save')}
        </Button>
      </form>
    </GlassPanel>
  );
}
