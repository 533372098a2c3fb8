import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileMe } from '#shared/profile.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * `GET /api/profile/me?time_zone=`: the member as the app shows them (name, avatar, status, stats), and what it
 * restores at start-up (theme, wallpaper). The browser's zone counts "today" for the stats until the member
 * saves a zone of their own.
 */
export function getProfileMe(timeZone: string, signal?: AbortSignal): Promise<ProfileMe> {
  return answerOf(api.profile.me.$get({ query: { time_zone: timeZone } }, { init: { signal } }));
}

export const profileMeQueryKey = [...queryKeys.profile, 'me'] as const;

export function profileMeQueryOptions(timeZone: string = browserTimeZone()) {
  return queryOptions({
    queryKey: [...profileMeQueryKey, timeZone] as const,
    queryFn: ({ signal }) => getProfileMe(timeZone, signal),
  });
}

/** Read by the app shell (theme, wallpaper), the dashboard's profile card and the settings page: one request. */
export function useProfileMe() {
  return useQuery(profileMeQueryOptions());
}

/** The zone the member's days are shown in: the one saved on their profile, else the browser's. */
export function memberTimeZone(profile: Pick<ProfileMe, 'time_zone'> | undefined): string {
  return profile?.time_zone || browserTimeZone();
}
