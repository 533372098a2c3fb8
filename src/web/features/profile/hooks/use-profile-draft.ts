import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { Profile } from '#shared/profile.ts';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useUpdateProfile } from '#web/features/profile/api/update-profile.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import {
  draftFrom,
  type ProfileDraft,
  type ProfileDraftChanges,
  profileDraftSchema,
} from '../model/profile-draft.ts';

export type ProfileDraftState = ReturnType<typeof useProfileDraft>;

const profileDraftResolver = zodResolver(profileDraftSchema);
const draftFields = profileDraftSchema.keyof().options;
/** Only until the profile has come: nothing shows the form before. */
const emptyDraft: ProfileDraft = { display_name: '', about: '', avatar_url: '', tags: [], time_zone: '' };

/**
 * The profile as the settings form edits it, shared by Profile Info and About Generator (the generated bio goes
 * into the same field, part 1 §8). Starts from `GET /api/profile` and starts again from what the server saved.
 */
export function useProfileDraft() {
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
          setError('root.server', { message: saveErrorText(error) });
        },
      }),
    )();
  }

  // The fields' reasons when the form's own check (the route's rules) stops a save, joined as a refusal's are;
  // else the server's refusal. The next save clears both.
  const fieldReasons = draftFields.flatMap((name) => errors[name]?.message ?? []).join(' ');
  const saveError = fieldReasons || (errors.root?.server?.message ?? null);

  return { profile, draft, register, control, change, save, saving: update.isPending, saveError };
}

/** The server's reasons for a field it refused (400), else a plain try-again. */
function saveErrorText(error: Error): string {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
    return Object.values(error.fields).join(' ');
  }
  return 'Could not save your profile. Please try again.';
}
