import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DashboardStats, dashboardStatsSchema } from '#shared/dashboard.ts';
import { apiRequest } from '#web/app/api-client.ts';
import { browserTimeZone } from '#web/app/browser-time-zone.ts';
import { queryKeys } from '#web/app/query-keys.ts';

/** `GET /api/dashboard/stats?time_zone=…`: "today" and the streak are counted in the member's own day. */
export function getDashboardStats(timeZone: string, signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest(`/api/dashboard/stats?time_zone=${encodeURIComponent(timeZone)}`, {
    schema: dashboardStatsSchema,
    signal,
  });
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
