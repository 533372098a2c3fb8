import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileRequest } from '#shared/profile.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { invalidateProfile } from '#web/lib/invalidate-profile.ts';
import { profileQueryKey } from './get-profile.ts';

/** `PUT /api/profile`: answers the whole profile as saved. */
export function updateProfile(changes: UpdateProfileRequest): Promise<Profile> {
  return answerOf(api.profile.$put({ json: changes }));
}

/**
 * The saved profile replaces the cached one at once; everything else that shows the profile (`me`: the card,
 * the theme, the calendar's zone) reloads.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileQueryKey, saved);
      await invalidateProfile(queryClient);
    },
  });
}
