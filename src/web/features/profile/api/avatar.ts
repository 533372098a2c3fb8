import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvatarGenerateResponse, AvatarStatusResponse, SetAvatarResponse } from '#shared/profile.ts';
import { avatarPollSchedule, nextPollDelay } from '#web/features/generation/model/poll-schedule.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { invalidateProfile } from '#web/lib/invalidate-profile.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** `POST /api/profile/avatar-generate {prompt}`: ready with a url, or pending with a jobId to poll. */
export function generateAvatar(prompt: string): Promise<AvatarGenerateResponse> {
  return answerOf(api.profile['avatar-generate'].$post({ json: { prompt } }));
}

export function useGenerateAvatar() {
  return useMutation({ mutationFn: generateAvatar });
}

/** `GET /api/profile/avatar-status?jobId=`. */
export function getAvatarStatus(jobId: string, signal?: AbortSignal): Promise<AvatarStatusResponse> {
  return answerOf(api.profile['avatar-status'].$get({ query: { jobId } }, { init: { signal } }));
}

const pendingAnswer: AvatarStatusResponse = { status: 'pending', url: null, error: null };

/**
 * Polls a pending avatar on its schedule (the generation feature's `avatarPollSchedule`: first after
 * 3 s, then 3 s + 200 ms × checks made, at most 15): seeded as pending so the first check waits, each wait runs
 * from the last answer, and it stops when the avatar is ready or failed, a check fails, or the checks run out.
 * `checksMade` says how many were made.
 */
export function useAvatarJob(jobId: string | null) {
  const queryClient = useQueryClient();
  const queryKey = [...queryKeys.generation, 'avatar', jobId] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => getAvatarStatus(jobId ?? '', signal),
    enabled: jobId !== null,
    initialData: pendingAnswer,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchIntervalInBackground: true,
    // A check that answers "pending" again changes no data, but it is one check more: re-render on it too.
    notifyOnChangeProps: 'all',
    refetchInterval: (current) => {
      if (current.state.data?.status !== 'pending' || current.state.status === 'error') return false;
      return (
        nextPollDelay(avatarPollSchedule, current.state.dataUpdateCount + current.state.errorUpdateCount) ??
        false
      );
    },
  });
  // Every answer and every failure re-renders (above), so the cached state read here is the current count.
  const state = queryClient.getQueryState(queryKey);
  const checksMade = (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
  const outOfChecks = nextPollDelay(avatarPollSchedule, checksMade) === null;
  return { answer: query.data, checksMade, outOfChecks, checkFailed: query.isError, error: query.error };
}

/** `POST /api/profile/set-avatar {url}`: the server keeps its own copy and answers the path it serves. */
export function setAvatar(url: string): Promise<SetAvatarResponse> {
  return answerOf(api.profile['set-avatar'].$post({ json: { url } }));
}

export function useSetAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAvatar, onSuccess: () => invalidateProfile(queryClient) });
}
