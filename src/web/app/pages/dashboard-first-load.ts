import {
  type InfiniteData,
  type QueryClient,
  type QueryFunction,
  type QueryKey,
  queryOptions,
  type SkipToken,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Dashboard } from '#shared/dashboard.ts';
import { DASHBOARD_PATHS } from '#shared/first-paint.ts';
import type { NotificationList } from '#shared/notifications.ts';
import { badgesQueryOptions } from '#web/features/badges/api/get-badges.ts';
import { calendarWeekQueryOptions } from '#web/features/calendar/api/get-calendar-week.ts';
import { getDashboard } from '#web/features/dashboard/api/get-dashboard.ts';
import { dashboardStatsQueryOptions } from '#web/features/dashboard/api/get-dashboard-stats.ts';
import { recentMediaQueryOptions } from '#web/features/media/api/get-media.ts';
import { tracksQueryOptions } from '#web/features/music/api/get-tracks.ts';
import {
  getNotifications,
  notificationsQueryOptions,
} from '#web/features/notifications/api/get-notifications.ts';
import { newestTimer, timerQueryOptions } from '#web/features/pomodoro/api/get-timer.ts';
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
  return DASHBOARD_PATHS.includes(pathname);
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

/**
 * One query the dashboard's answer fills: its part taken from a pending answer (falling back to its own request
 * when that call fails), or from an answer already in hand.
 */
function dashboardPart<T, Key extends QueryKey>(
  options: { queryKey: Key; queryFn?: QueryFunction<T, Key> | SkipToken },
  of: (dashboard: Dashboard) => T,
) {
  return {
    answerFrom(queryClient: QueryClient, answer: Promise<Dashboard>): void {
      const ownRequest = options.queryFn;
      // A query whose data is still fresh keeps it: prefetchQuery asks for nothing then.
      void queryClient.prefetchQuery({
        ...options,
        queryFn: (context) =>
          answer.then(of, (error: unknown) => {
            if (typeof ownRequest !== 'function') throw error;
            return ownRequest(context);
          }),
      });
    },
    fileFrom(queryClient: QueryClient, dashboard: Dashboard, answeredAt: number): void {
      queryClient.setQueryData<T>(options.queryKey, of(dashboard), { updatedAt: answeredAt });
    },
  };
}

/** One query the dashboard's answer fills: from a pending answer, or from an answer already in hand. */
type DashboardPart = {
  answerFrom(queryClient: QueryClient, answer: Promise<Dashboard>): void;
  fileFrom(queryClient: QueryClient, dashboard: Dashboard, answeredAt: number): void;
};

/**
 * The notification centre's first page, which the shell's bell reads for its count: a list loaded a page at a
 * time, so the answer's page is filed as the list's first.
 */
function notificationsPart(): DashboardPart {
  const options = notificationsQueryOptions();
  const firstPage = (page: NotificationList): InfiniteData<NotificationList, string | null> => ({
    pages: [page],
    pageParams: [null],
  });
  return {
    answerFrom(queryClient, answer) {
      void queryClient.prefetchInfiniteQuery({
        ...options,
        queryFn: ({ pageParam, signal }) =>
          answer.then(
            (dashboard) => dashboard.notifications,
            () => getNotifications(pageParam, signal),
          ),
      });
    },
    fileFrom(queryClient, dashboard, answeredAt) {
      queryClient.setQueryData(options.queryKey, firstPage(dashboard.notifications), {
        updatedAt: answeredAt,
      });
    },
  };
}

function dashboardParts(queryClient: QueryClient, timeZone: string): DashboardPart[] {
  return [
    dashboardPart(profileMeQueryOptions(timeZone), (dashboard) => dashboard.profile),
    dashboardPart(dashboardStatsQueryOptions(timeZone), (dashboard) => dashboard.stats),
    dashboardPart(tasksQueryOptions(), (dashboard) => dashboard.tasks),
    dashboardPart(badgesQueryOptions(), (dashboard) => dashboard.badges),
    dashboardPart(tracksQueryOptions(), (dashboard) => dashboard.tracks),
    dashboardPart(recentMediaQueryOptions(), (dashboard) => dashboard.recent_media),
    dashboardPart(widgetsQueryOptions(), (dashboard) => dashboard.widgets),
    dashboardPart(timerQueryOptions(queryClient), (dashboard) => newestTimer(queryClient, dashboard.timer)),
    notificationsPart(),
  ];
}

function answerQueriesFrom(queryClient: QueryClient, answer: Promise<Dashboard>, timeZone: string): void {
  for (const part of dashboardParts(queryClient, timeZone)) part.answerFrom(queryClient, answer);
}

/**
 * Files an answer already in hand (the server read it to render the page's HTML) as the first load would have:
 * each card's query, the week's, and the first load itself as settled at `answeredAt`.
 */
export function fileDashboardAnswer(
  queryClient: QueryClient,
  dashboard: Dashboard,
  timeZone: string,
  answeredAt: number,
): void {
  for (const part of dashboardParts(queryClient, timeZone)) part.fileFrom(queryClient, dashboard, answeredAt);
  const week = dashboard.calendar_week;
  queryClient.setQueryData(calendarWeekQueryOptions(week.time_zone).queryKey, week, {
    updatedAt: answeredAt,
  });
  queryClient.setQueryData(dashboardFirstLoadQueryOptions(queryClient, timeZone).queryKey, answeredAt, {
    updatedAt: answeredAt,
  });
}
