import { useState } from 'react';
import type { Profile } from '#shared/profile.ts';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useUpdateProfile } from '#web/features/profile/api/update-profile.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { draftFrom, type ProfileDraft, profileUpdateFrom } from '../model/profile-draft.ts';

export type ProfileDraftState = ReturnType<typeof useProfileDraft>;

/**
 * The profile as the settings form edits it, shared by Profile Info and About Generator (the generated bio goes
 * into the same field, part 1 §8). Starts from `GET /api/profile` and starts again from what the server saved.
 */
export function useProfileDraft() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const [edited, setEdited] = useState<ProfileDraft | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const draft = edited ?? (profile.data ? draftFrom(profile.data, browserTimeZone()) : null);

  function change(patch: Partial<ProfileDraft>) {
    if (!draft) return;
    setEdited({ ...draft, ...patch });
  }

  function save(onSaved?: (profile: Profile) => void) {
    if (!draft) return;
    setSaveError(null);
    update.mutate(profileUpdateFrom(draft), {
      onSuccess: (saved) => {
        setEdited(draftFrom(saved, browserTimeZone()));
        onSaved?.(saved);
      },
      onError: (error) => {
        console.error(`Failed to save profile: ${error.message}`);
        setSaveError(saveErrorText(error));
      },
    });
  }

  return { profile, draft, change, save, saving: update.isPending, saveError };
}

/** The server's reasons for a field it refused (400), else a plain try-again. */
function saveErrorText(error: Error): string {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
    return Object.values(error.fields).join(' ');
  }
  return 'Could not save your profile. Please try again.';
}
