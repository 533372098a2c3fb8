import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileMe } from '#shared/profile.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { profileMeQueryKey } from './get-profile-me.ts';

/** `POST /api/profile/set-status {status}`: the status, trimmed and non-empty. */
export function setStatus(status: string): Promise<{ status: string }> {
  return answerOf(api.profile['set-status'].$post({ json: { status } }));
}

/** The card shows the new status at once; a failure puts the old one back (and is only logged). */
export function useSetStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStatus,
    onMutate: async (status) => {
      await queryClient.cancelQueries({ queryKey: profileMeQueryKey });
      const before = queryClient.getQueriesData<ProfileMe>({ queryKey: profileMeQueryKey });
      queryClient.setQueriesData<ProfileMe>({ queryKey: profileMeQueryKey }, (profile) =>
        profile ? { ...profile, status } : profile,
      );
      return { before };
    },
    onError: (error, _status, context) => {
      console.error(`Failed to save status: ${error.message}`);
      for (const [key, profile] of context?.before ?? []) queryClient.setQueryData(key, profile);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileMeQueryKey }),
  });
}
