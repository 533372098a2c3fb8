import { http } from 'msw';
import { aiDiagResponseSchema, aiModelsResponseSchema } from '#shared/ai.ts';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { memberSessionsResponseSchema } from '#shared/auth.ts';
import { earnedBadgeListSchema } from '#shared/badges.ts';
import { calendarWeekSchema } from '#shared/calendar.ts';
import { chatThreadDetailSchema, chatThreadsResponseSchema } from '#shared/chat.ts';
import { communityStatsSchema, memberPageSchema, postPageSchema } from '#shared/community.ts';
import { dashboardStatsSchema } from '#shared/dashboard.ts';
import { falModelsResponseSchema, generationJobsResponseSchema } from '#shared/generation.ts';
import { mediaPageSchema, mediaUsageSchema } from '#shared/media.ts';
import { trackListSchema } from '#shared/music.ts';
import { pomodoroTimerSchema } from '#shared/pomodoro.ts';
import { profileMeSchema, profileSchema } from '#shared/profile.ts';
import { quickActionsResponseSchema } from '#shared/quick-actions.ts';
import { taskListSchema } from '#shared/tasks.ts';
import { widgetListSchema } from '#shared/widgets.ts';
import { buildAiDiag } from '../factories/build-ai-diag.ts';
import { buildCalendarWeek } from '../factories/build-calendar-week.ts';
import { buildMemberSession } from '../factories/build-member-session.ts';
import { buildProfile, buildProfileMe } from '../factories/build-profile.ts';
import { emptyCalendarFeedHandlers } from './calendar-feed/calendar-feed-handlers.ts';
import { emptySubscriptionHandlers } from './calendar-subscriptions/subscriptions-handlers.ts';
import { contractAnswer, errorResponse } from './http-answers.ts';
import { emptyNotificationHandlers } from './notifications/notifications-handlers.ts';
import { emptyTokenHandlers } from './tokens/tokens-handlers.ts';

/**
 * The gallery, the studio's and the dashboard's recent generations and counts, generations to pick up again,
 * and fal's models: none; settings' storage use: nothing of the default 5 GiB.
 */
export function emptyMediaHandlers() {
  return [
    http.get('/api/media', () => contractAnswer(mediaPageSchema, { items: [], nextCursor: null, total: 0 })),
    http.get('/api/media/usage', () =>
      contractAnswer(mediaUsageSchema, { used_bytes: 0, quota_bytes: 5 * 1024 ** 3 }),
    ),
    http.get('/api/ai/jobs', () => contractAnswer(generationJobsResponseSchema, { jobs: [] })),
    http.get('/api/fal/models', () => contractAnswer(falModelsResponseSchema, { image: [], video: [] })),
  ];
}

/** The one chat thread the studio opens for such a member (it would create one were there none). */
const studioThread = { id: 1, title: 'New Chat', updated_at: '2026-05-01T10:00:00.000Z' };

/**
 * Answers, for a member with no data yet, the reads that signed-in pages make on their own: the shell's badge
 * list (for the badge-earned toasts), the dashboard's stats, its tasks and its music player, and the studio's
 * catalogue, threads and quick actions, the community's posts, members and stats, and the media (gallery,
 * recent generations, jobs to resume, fal's models). For tests about something else: add them after the
 * test's own handlers, which then answer first: `server.use(...theTestsOwn, ...emptyMemberDataHandlers())`.
 */
export function emptyMemberDataHandlers() {
  return [
    // The dashboard's one-call first load is refused, so each card loads itself from the handlers below (and
    // from a test's own): the page's fallback, and what the card tests are about. dashboard-page.test.tsx answers
    // it where the one call is the subject.
    http.get('/api/dashboard', () => errorResponse(404, 'not_found', 'There is no such API route')),
    http.get('/api/badges', () => contractAnswer(earnedBadgeListSchema, [])),
    http.get('/api/dashboard/stats', () =>
      contractAnswer(dashboardStatsSchema, { tasks_today: 0, pomodoros_today: 0, streak_days: 0, badges: 0 }),
    ),
    http.get('/api/tasks', () => contractAnswer(taskListSchema, [])),
    // The shell's focus timer: never started.
    http.get('/api/pomodoro/timer', () =>
      contractAnswer(pomodoroTimerSchema, {
        state: 'idle',
        session_id: null,
        duration_minutes: 25,
        ends_at: null,
        remaining_seconds: null,
        task_id: null,
        version: 0,
      }),
    ),
    http.get('/api/widgets', () => contractAnswer(widgetListSchema, [])),
    http.get('/api/music/list', () => contractAnswer(trackListSchema, [])),
    http.get('/api/ai/models', () =>
      contractAnswer(aiModelsResponseSchema, {
        data: [...staticModelCatalogue],
        configured: [],
        defaults: { provider: 'openrouter', model: 'openrouter/auto' },
      }),
    ),
    http.get('/api/chat/threads', () => contractAnswer(chatThreadsResponseSchema, [studioThread])),
    http.get(`/api/chat/thread/${studioThread.id}`, () =>
      contractAnswer(chatThreadDetailSchema, {
        thread: studioThread,
        messages: [],
        memory: '',
        hasMore: false,
      }),
    ),
    http.get('/api/quick-actions', () => contractAnswer(quickActionsResponseSchema, [])),
    http.get('/api/community/posts', () => contractAnswer(postPageSchema, { posts: [], nextCursor: null })),
    http.get('/api/community/members', () =>
      contractAnswer(memberPageSchema, { members: [], nextCursor: null }),
    ),
    http.get('/api/community/stats', () =>
      contractAnswer(communityStatsSchema, {
        totalPosts: 0,
        activeMembers: 0,
        totalLikes: 0,
        canModerate: false,
      }),
    ),
    ...emptyMediaHandlers(),
    // The profile (the app shell restores its theme and wallpaper; the dashboard's card; settings) and the week.
    http.get('/api/profile/me', () => contractAnswer(profileMeSchema, buildProfileMe())),
    http.get('/api/profile', () => contractAnswer(profileSchema, buildProfile())),
    http.get('/api/calendar/week', ({ request }) => {
      const zone = new URL(request.url).searchParams.get('time_zone') || 'UTC';
      return contractAnswer(calendarWeekSchema, buildCalendarWeek({ time_zone: zone }));
    }),
    http.get('/api/_debug/ai-diag', () => contractAnswer(aiDiagResponseSchema, buildAiDiag())),
    // The shell's bell and settings' Notifications card: nothing yet.
    ...emptyNotificationHandlers(),
    // Settings' Connected apps card: no tokens yet.
    ...emptyTokenHandlers(),
    // Settings' Calendar card: no feed address yet.
    ...emptyCalendarFeedHandlers(),
    ...emptySubscriptionHandlers(),
    // Settings' sessions: this browser alone.
    http.get('/api/sessions', () =>
      contractAnswer(memberSessionsResponseSchema, { sessions: [buildMemberSession({ current: true })] }),
    ),
  ];
}
