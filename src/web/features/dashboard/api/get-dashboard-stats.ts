import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '#shared/dashboard.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** `GET /api/dashboard/stats?time_zone=…`: "today" and the streak are counted in the member's own day. */
export function getDashboardStats(timeZone: string, signal?: AbortSignal): Promise<DashboardStats> {
  return answerOf(api.dashboard.stats.$get({ query: { time_zone: timeZone } }, { init: { signal } }));
}

export function dashboardStatsQueryOptions(timeZone: string = browserTimeZone()) {
  return queryOptions({
    // Under queryKeys.dashboardStats, which completing a task or a pomodoro invalidates.
    queryKey: [...queryKeys.dashboardStats, timeZone] as const,
    queryFn: ({ signal }) => getDashboardStats(timeZone, signal),
  });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
