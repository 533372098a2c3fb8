import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PROFILE_LIMITS, type Profile } from '#shared/profile.ts';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useUpdateProfile } from '#web/features/profile/api/update-profile.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import {
  draftFrom,
  type ProfileDraft,
  type ProfileDraftChanges,
  profileDraftSchema,
} from '../model/profile-draft.ts';
// A schema's own reasons are shown here: their words (not in the first load).
import '#web/lib/i18n/shared-texts.ts';

export type ProfileDraftState = ReturnType<typeof useProfileDraft>;

const profileDraftResolver = zodResolver(profileDraftSchema);
const draftFields = profileDraftSchema.keyof().options;
/** Only until the profile has come: nothing shows the form before. */
const emptyDraft: ProfileDraft = { display_name: '', about: '', avatar_url: '', tags: [], time_zone: '' };

/**
 * The profile as the settings form edits it, shared by Profile Info and About Generator (the generated bio goes
 * into the same field). Starts from `GET /api/profile` and starts again from what the server saved.
 */
export function useProfileDraft() {
  const t = useT();
  const profile = useProfile();
  const update = useUpdateProfile();
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    setValue,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileDraft, unknown, ProfileDraftChanges>({
    resolver: profileDraftResolver,
    defaultValues: emptyDraft,
  });
  const values = watch();
  const draft = profile.data ? values : null;

  // The form follows the profile (its first answer, a reload) until the member edits it, keeping what a save
  // said. In a layout effect, so that it is done before the page is painted: the fields never show empty for a
  // frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer starts the form again; an edit undone (isDirty false again) does not.
  useLayoutEffect(() => {
    if (profile.data && !isDirty) {
      reset(draftFrom(profile.data, browserTimeZone()), { keepErrors: true, keepIsSubmitted: true });
    }
  }, [profile.data]);

  function change(patch: Partial<ProfileDraft>) {
    if (!draft) return;
    for (const name of draftFields) {
      const value = patch[name];
      if (value !== undefined) setValue(name, value, { shouldDirty: true });
    }
  }

  function save(onSaved?: (profile: Profile) => void) {
    if (!draft) return;
    void handleSubmit((changes) =>
      update.mutate(changes, {
        onSuccess: (saved) => {
          reset(draftFrom(saved, browserTimeZone()));
          onSaved?.(saved);
        },
        onError: (error) => {
          console.error(`Failed to save profile: ${error.message}`);
          setError('root.server', { type: 'server', message: serverReasons(error) });
        },
      }),
    )();
  }

  // The fields' reasons when the form's own check (the route's rules) stops a save, joined as a refusal's are;
  // else the server's refusal. The next save clears both. Worded at each render: a switch of language rewords them.
  const fieldReasons = draftFields
    .flatMap((name) => {
      const error = errors[name];
      return error ? [fieldReason(t, name, error)] : [];
    })
    .join(' ');
  const serverError = errors.root?.server;
  const saveError =
    fieldReasons || (serverError ? serverError.message || t('profile.info.saveFailed') : null);

  return { profile, draft, register, control, change, save, saving: update.isPending, saveError };
}

/** The server's reasons for a field it refused (400), in its own words; else none (the form says try again). */
function serverReasons(error: Error): string {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
    return Object.values(error.fields).join(' ');
  }
  return '';
}

type DraftField = (typeof draftFields)[number];

/** The longest text each field takes, as the route's rules say it. */
const fieldLimits: Partial<Record<DraftField, number>> = {
  display_name: PROFILE_LIMITS.displayNameMax,
  about: PROFILE_LIMITS.aboutMax,
  avatar_url: PROFILE_LIMITS.urlMax,
};

/**
 * Why the form's own check refused a field, in the interface's language: the form's own words for the limits, else
 * the route's rule's (#shared/profile.ts), which it words in the interface's language.
 */
function fieldReason(t: Translate, name: DraftField, error: { type?: string; message?: string }): string {
  const limit = fieldLimits[name];
  if (error.type === 'too_big' && limit !== undefined) return t('profile.info.tooLong', { max: limit });
  if (name === 'avatar_url' && error.type === 'custom') return t('profile.info.avatarUrlInvalid');
  return error.message ?? '';
}
