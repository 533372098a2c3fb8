import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dashboard } from '#shared/dashboard.ts';
import { badgesQueryOptions } from '#web/features/badges/api/get-badges.ts';
import { calendarWeekQueryOptions } from '#web/features/calendar/api/get-calendar-week.ts';
import { getDashboard } from '#web/features/dashboard/api/get-dashboard.ts';
import { dashboardStatsQueryOptions } from '#web/features/dashboard/api/get-dashboard-stats.ts';
import { recentMediaQueryOptions } from '#web/features/media/api/get-media.ts';
import { tracksQueryOptions } from '#web/features/music/api/get-tracks.ts';
import { tasksQueryOptions } from '#web/features/tasks/api/get-tasks.ts';
import { widgetsQueryOptions } from '#web/features/widgets/api/get-widgets.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';

/**
 * The dashboard's first load (issue 17): one `GET /api/dashboard` instead of a call per card. Its answer is filed
 * under each card's own query, so the cards find their data and ask for nothing; from then on each card keeps
 * itself fresh as before. Asked once per session: later visits go straight to the cards' own queries. When the
 * call fails the cards load themselves, as they did before it existed.
 */
export function dashboardFirstLoadQueryOptions(
  queryClient: QueryClient,
  timeZone: string = browserTimeZone(),
) {
  return queryOptions({
    queryKey: ['dashboard', 'first-load', timeZone] as const,
    queryFn: async ({ signal }) => {
      fileUnderCardQueries(queryClient, await getDashboard(timeZone, signal), timeZone);
      // What the query keeps is when it filed them; the data itself lives in the cards' queries.
      return Date.now();
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The dashboard's paths (src/web/app/router.tsx): the index and /dashboard. */
export function isDashboardPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/dashboard';
}

/**
 * The first load, asked for while `enabled`. The app shell starts it as soon as the dashboard is the page, beside
 * the download of the page's own code; the page reads the same query.
 */
export function useDashboardFirstLoad(enabled = true) {
  return useQuery({ ...dashboardFirstLoadQueryOptions(useQueryClient()), enabled });
}

function fileUnderCardQueries(queryClient: QueryClient, dashboard: Dashboard, timeZone: string): void {
  queryClient.setQueryData(dashboardStatsQueryOptions(timeZone).queryKey, dashboard.stats);
  queryClient.setQueryData(tasksQueryOptions().queryKey, dashboard.tasks);
  queryClient.setQueryData(badgesQueryOptions().queryKey, dashboard.badges);
  queryClient.setQueryData(tracksQueryOptions().queryKey, dashboard.tracks);
  queryClient.setQueryData(recentMediaQueryOptions().queryKey, dashboard.recent_media);
  queryClient.setQueryData(widgetsQueryOptions().queryKey, dashboard.widgets);
  const week = dashboard.calendar_week;
  queryClient.setQueryData(calendarWeekQueryOptions(week.time_zone).queryKey, week);
}
