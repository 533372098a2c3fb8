import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportedPost } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

/** `GET /api/community/reports` (operators only): reported posts, hidden ones included. */
export function getReports(signal?: AbortSignal): Promise<ReportedPost[]> {
  return answerOf(api.community.reports.$get({}, { init: { signal } }));
}

export function reportsQueryOptions() {
  return queryOptions({ queryKey: communityKeys.reports, queryFn: ({ signal }) => getReports(signal) });
}

/** Asked only when the stats say the viewer moderates: for anyone else the route answers 403. */
export function useReports(enabled: boolean) {
  return useQuery({ ...reportsQueryOptions(), enabled });
}
