import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DashboardStats, dashboardSchema } from '#shared/dashboard.ts';
import { buildCalendarWeek } from '#tests/factories/build-calendar-week.ts';
import { buildNotification } from '#tests/factories/build-notification.ts';
import { buildProfileMe } from '#tests/factories/build-profile.ts';
import { buildTask } from '#tests/factories/build-task.ts';
import { buildUser } from '#tests/factories/build-user.ts';
import { buildWidget } from '#tests/factories/build-widget.ts';
import { userAnswer } from '#tests/web-kit/auth/auth-handlers.ts';
import { contractAnswer, deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { requestsTo, sentRequests, server } from '#tests/web-kit/msw-server.ts';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';

const stats: DashboardStats = { tasks_today: 2, pomodoros_today: 3, streak_days: 7, badges: 1 };

function stubDashboard(answerStats: () => Response | Promise<Response>) {
  server.use(
    http.get('/api/users/me', () => userAnswer(buildUser())),
    http.get('/api/dashboard/stats', answerStats),
    http.get('/api/badges', () =>
      HttpResponse.json([{ badge_type: 'first_flight', earned_at: '2026-03-01T10:00:00.000Z' }]),
    ),
    ...emptyMemberDataHandlers(),
  );
}

function statValue(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent;
}

beforeAll(preloadPages, 30_000);

describe('DashboardPage', () => {
  it('greets the member and shows the four stat cards the server computed for the browser’s time zone', async () => {
    stubDashboard(() => HttpResponse.json(stats));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    await screen.findByText('7 days');
    expect(['Tasks Today', 'Pomodoros', 'Streak', 'Badges'].map(statValue)).toEqual([
      '2',
      '3',
      '7 days',
      '1',
    ]);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(requestsTo(`/api/dashboard/stats?time_zone=${encodeURIComponent(zone)}`)).toHaveLength(1);
  });

  it('says "1 day" for a one-day streak', async () => {
    stubDashboard(() => HttpResponse.json({ ...stats, streak_days: 1 }));
    renderApp('/dashboard');
    expect(await screen.findByText('1 day')).toBeInTheDocument();
  });

  it('shows skeletons while the stats load', async () => {
    const answer = deferred<Response>();
    stubDashboard(() => answer.promise);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome back, Ada' });

    expect(await screen.findAllByText('Loading', { selector: 'dd span' })).toHaveLength(4);
    answer.resolve(HttpResponse.json(stats));
    expect(await screen.findByText('7 days')).toBeInTheDocument();
  });

  it('shows an error with a way to try again when the stats cannot be loaded', async () => {
    let fail = true;
    stubDashboard(() =>
      fail ? errorResponse(400, 'validation_failed', 'Not a time zone name') : HttpResponse.json(stats),
    );
    const app = renderApp('/');

    expect(await screen.findByText('Your stats could not be loaded.')).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('7 days')).toBeInTheDocument();
  });

  it('shows the compact badges panel: the first three badges, the earned one lit', async () => {
    stubDashboard(() => HttpResponse.json(stats));
    renderApp('/');
    const panel = await screen.findByRole('region', { name: 'Badges' });
    await waitFor(() => expect(within(panel).getAllByText('Not earned yet')).toHaveLength(2));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).getByText('First Flight').closest('li')).toHaveAttribute('data-earned', 'true');
  });

  it('shows the Your Tasks card', async () => {
    stubDashboard(() => HttpResponse.json(stats));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Your Tasks' })).toBeInTheDocument();
  });

  it('Enter Focus Mode goes to /focus', async () => {
    stubDashboard(() => HttpResponse.json(stats));
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'Enter Focus Mode' }));
    await waitFor(() => expect(app.pathname()).toBe('/focus'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Focus' })).toBeInTheDocument();
  });

  it('loads the profile and every card from one GET /api/dashboard, and asks for none of them again', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const answer = deferred<Response>();
    server.use(
      http.get('/api/users/me', () => userAnswer(buildUser())),
      http.get('/api/dashboard', () => answer.promise),
      ...emptyMemberDataHandlers(),
    );
    renderApp('/');
    expect(await screen.findByText('Loading your dashboard…')).toBeInTheDocument();

    answer.resolve(
      contractAnswer(dashboardSchema, {
        profile: buildProfileMe({ display_name: 'Countess of Lovelace' }),
        stats,
        tasks: [buildTask({ title: 'Write the release notes', status: 'todo' })],
        badges: [{ badge_type: 'first_flight', earned_at: '2026-03-01T10:00:00.000Z' }],
        tracks: [],
        recent_media: { items: [], nextCursor: null, total: 0 },
        widgets: [{ ...buildWidget({ title: 'Morning playlist' }), type: 'iframe' }],
        calendar_week: buildCalendarWeek({ time_zone: zone }),
        notifications: { items: [buildNotification(), buildNotification()], unread: 2, next_cursor: null },
        timer: {
          state: 'paused',
          session_id: 7,
          duration_minutes: 25,
          ends_at: null,
          remaining_seconds: 600,
          task_id: null,
          version: 4,
        },
      }),
    );
    expect(await screen.findByText('7 days')).toBeInTheDocument();
    expect(await screen.findByText('Write the release notes')).toBeInTheDocument();
    expect(await screen.findByText('Morning playlist')).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Badges' });
    expect(within(panel).getByText('First Flight').closest('li')).toHaveAttribute('data-earned', 'true');
    expect(await screen.findByText('Countess of Lovelace')).toBeInTheDocument();
    // The shell's bell and focus timer took theirs from it too.
    expect(await screen.findAllByRole('button', { name: 'Notifications, 2 unread' })).not.toHaveLength(0);
    const timers = await screen.findAllByRole('timer');
    expect(timers.map((timer) => timer.textContent)).toContain('10:00');

    expect(requestsTo(`/api/dashboard?time_zone=${encodeURIComponent(zone)}`)).toHaveLength(1);
    // The app shell's profile (theme, wallpaper), badge list (where its badge-earned toasts start from),
    // notifications and timer waited for this answer, which carries them.
    const cardCalls = sentRequests()
      .map((request) => request.path.split('?')[0])
      .filter((path) =>
        [
          '/api/profile/me',
          '/api/dashboard/stats',
          '/api/tasks',
          '/api/badges',
          '/api/music/list',
          '/api/media',
          '/api/widgets',
          '/api/calendar/week',
          '/api/notifications',
          '/api/pomodoro/timer',
        ].includes(path ?? ''),
      );
    expect(cardCalls).toEqual([]);
  });
});
