import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { buildAiDiag } from '../factories/build-ai-diag.ts';
import { buildCalendarWeek } from '../factories/build-calendar-week.ts';
import { buildProfile, buildProfileMe } from '../factories/build-profile.ts';
import { jsonResponse, type StubbedRequest } from './fetch-stub.ts';

/** The one chat thread the studio opens for such a member (it would create one were there none). */
const studioThread = { id: 1, title: 'New Chat', updated_at: '2026-05-01T10:00:00.000Z' };

/**
 * Answers, for a member with no data yet, the reads that signed-in pages make on their own: the shell's badge
 * list (for the badge-earned toasts), the dashboard's stats, its tasks and its music player, and the studio's
 * catalogue, threads and quick actions, the community's posts, members and stats, and the media (gallery,
 * recent generations, jobs to resume, fal's models). For tests about something else;
 * chain it after a test's own routes: `route(request) ?? answerEmptyMemberData(request)`.
 */
export function answerEmptyMemberData(request: StubbedRequest): Response | undefined {
  if (request.method !== 'GET') return undefined;
  const path = request.path.split('?')[0];
  if (path === '/api/badges') return jsonResponse([]);
  if (path === '/api/dashboard/stats') {
    return jsonResponse({ tasks_today: 0, pomodoros_today: 0, streak_days: 0, badges: 0 });
  }
  if (path === '/api/tasks') return jsonResponse([]);
  if (path === '/api/widgets') return jsonResponse([]);
  if (path === '/api/music/list') return jsonResponse([]);
  if (path === '/api/ai/models') {
    return jsonResponse({
      data: staticModelCatalogue,
      configured: [],
      defaults: { provider: 'openrouter', model: 'openrouter/auto' },
    });
  }
  if (path === '/api/chat/threads') return jsonResponse([studioThread]);
  if (path === `/api/chat/thread/${studioThread.id}`) {
    return jsonResponse({ thread: studioThread, messages: [], memory: '', hasMore: false });
  }
  if (path === '/api/quick-actions') return jsonResponse([]);
  if (path === '/api/community/posts') return jsonResponse({ posts: [], nextCursor: null });
  if (path === '/api/community/members') return jsonResponse({ members: [], nextCursor: null });
  if (path === '/api/community/stats') {
    return jsonResponse({ totalPosts: 0, activeMembers: 0, totalLikes: 0, canModerate: false });
  }
  // The gallery, the studio's and the dashboard's recent generations and counts, generations to pick up again.
  if (path === '/api/media') return jsonResponse({ items: [], nextCursor: null, total: 0 });
  if (path === '/api/ai/jobs') return jsonResponse({ jobs: [] });
  if (path === '/api/fal/models') return jsonResponse({ image: [], video: [] });
  // The profile (the app shell restores its theme and wallpaper; the dashboard's card; settings) and the week.
  if (path === '/api/profile/me') return jsonResponse(buildProfileMe());
  if (path === '/api/profile') return jsonResponse(buildProfile());
  if (path === '/api/calendar/week') {
    const zone = new URLSearchParams(request.path.split('?')[1] ?? '').get('time_zone') || 'UTC';
    return jsonResponse(buildCalendarWeek({ time_zone: zone }));
  }
  if (path === '/api/_debug/ai-diag') return jsonResponse(buildAiDiag());
  return undefined;
}
