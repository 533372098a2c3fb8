import {
  type QueryClient,
  type QueryFunction,
  type QueryKey,
  queryOptions,
  type SkipToken,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Dashboard } from '#shared/dashboard.ts';
import { badgesQueryOptions } from '#web/features/badges/api/get-badges.ts';
import { calendarWeekQueryOptions } from '#web/features/calendar/api/get-calendar-week.ts';
import { getDashboard } from '#web/features/dashboard/api/get-dashboard.ts';
import { dashboardStatsQueryOptions } from '#web/features/dashboard/api/get-dashboard-stats.ts';
import { recentMediaQueryOptions } from '#web/features/media/api/get-media.ts';
import { tracksQueryOptions } from '#web/features/music/api/get-tracks.ts';
import { profileMeQueryOptions } from '#web/features/profile/api/get-profile-me.ts';
import { tasksQueryOptions } from '#web/features/tasks/api/get-tasks.ts';
import { widgetsQueryOptions } from '#web/features/widgets/api/get-widgets.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';

/**
 * The dashboard's first load: one `GET /api/dashboard` instead of a call for the profile and for each
 * card. As it starts, every query it answers is made to wait for it, so whatever mounts meanwhile (the app
 * shell's theme and badge toasts, the page's cards) takes its part of the answer instead of asking its own route;
 * from then on each keeps itself fresh as before. Asked once per session: later visits go straight to the cards'
 * own queries. When the call fails, each of those queries asks its own route, as it did before this existed.
 */
export function dashboardFirstLoadQueryOptions(
  queryClient: QueryClient,
  timeZone: string = browserTimeZone(),
) {
  return queryOptions({
    queryKey: ['dashboard', 'first-load', timeZone] as const,
    queryFn: async () => {
      const answer = getDashboard(timeZone);
      answerQueriesFrom(queryClient, answer, timeZone);
      // The week's query is named by the zone the answer chose (the profile's), known only now; its panel mounts
      // after this query has settled.
      const { calendar_week: week } = await answer;
      queryClient.setQueryData(calendarWeekQueryOptions(week.time_zone).queryKey, week);
      // What this query keeps is when it was answered; the data itself lives in the queries it answered.
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
 * Starts the first load during render, before the queries it answers are observed (TanStack's usePrefetchQuery
 * pattern): the app shell calls it as soon as the dashboard is the page, beside the download of the page's code.
 */
export function useStartDashboardFirstLoad(enabled: boolean): void {
  const queryClient = useQueryClient();
  const options = dashboardFirstLoadQueryOptions(queryClient);
  if (enabled && !queryClient.getQueryState(options.queryKey)) void queryClient.prefetchQuery(options);
}

/** The first load's state, for the page, which shows its cards once it has settled. */
export function useDashboardFirstLoad() {
  return useQuery(dashboardFirstLoadQueryOptions(useQueryClient()));
}

function answerQueriesFrom(queryClient: QueryClient, answer: Promise<Dashboard>, timeZone: string): void {
  const answerFrom = <T, Key extends QueryKey>(
    options: { queryKey: Key; queryFn?: QueryFunction<T, Key> | SkipToken },
    part: (dashboard: Dashboard) => T,
  ) => {
    const ownRequest = options.queryFn;
    // A query whose data is still fresh keeps it: prefetchQuery asks for nothing then.
    void queryClient.prefetchQuery({
      ...options,
      // Its part of the one answer, or, when that call failed, its own request.
      queryFn: (context) =>
        answer.then(part, (error: unknown) => {
          if (typeof ownRequest !== 'function') throw error;
          return ownRequest(context);
        }),
    });
  };
  answerFrom(profileMeQueryOptions(timeZone), (dashboard) => dashboard.profile);
  answerFrom(dashboardStatsQueryOptions(timeZone), (dashboard) => dashboard.stats);
  answerFrom(tasksQueryOptions(), (dashboard) => dashboard.tasks);
  answerFrom(badgesQueryOptions(), (dashboard) => dashboard.badges);
  answerFrom(tracksQueryOptions(), (dashboard) => dashboard.tracks);
  answerFrom(recentMediaQueryOptions(), (dashboard) => dashboard.recent_media);
  answerFrom(widgetsQueryOptions(), (dashboard) => dashboard.widgets);
}
