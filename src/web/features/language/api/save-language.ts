import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '#shared/language.ts';
import type { Profile, ProfileMe } from '#shared/profile.ts';
import { profileQueryKey } from '#web/features/profile/api/get-profile.ts';
import { profileMeQueryKey } from '#web/features/profile/api/get-profile-me.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/** `PUT /api/profile {language}`: the choice follows the member to every device; null is "as this browser". */
export function saveLanguage(language: Language | null): Promise<Profile> {
  return answerOf(api.profile.$put({ json: { language } }));
}

/** The cached profile learns the choice at once, so the start-up sync never switches back to the old one. */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLanguage,
    onMutate: (language) => {
      queryClient.setQueriesData<ProfileMe>({ queryKey: profileMeQueryKey }, (profile) =>
        profile ? { ...profile, language } : profile,
      );
    },
    onSuccess: (saved) => queryClient.setQueryData(profileQueryKey, saved),
  });
}
