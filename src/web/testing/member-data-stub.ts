import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
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
  if (path === '/api/profile/me') return jsonResponse(emptyProfileMe);
  if (path === '/api/profile') return jsonResponse(emptyProfile);
  if (path === '/api/calendar/week') return jsonResponse(emptyWeek(request.path));
  if (path === '/api/_debug/ai-diag') {
    return jsonResponse({
      core: false,
      fal: false,
      falIdeogram: false,
      openrouter: false,
      straico: false,
      local: false,
      timestamp: '2026-05-04T10:00:00.000Z',
    });
  }
  return undefined;
}

/** `GET /api/profile/me` of a member who set nothing yet: the defaults the server fills in. */
export const emptyProfileMe = {
  display_name: 'Lumarian',
  email: 'ada@example.com',
  avatar_url: null,
  status: null,
  ai_provider: 'openrouter',
  ai_model: 'openrouter/auto',
  wallpaper_url: null,
  wallpaper_css: null,
  theme: null,
  theme_name: null,
  theme_tokens: null,
  time_zone: null,
  member_since: '2026-01-05T10:00:00.000Z',
  last_visit: '2026-11-20T08:30:00.000Z',
  stats: { tasksToday: 0, pomodoros: 0, streakDays: 0 },
};

/** `GET /api/profile` of a member who set nothing yet. */
export const emptyProfile = {
  display_name: null,
  about: null,
  avatar_url: null,
  wallpaper_url: null,
  wallpaper_css: null,
  tags: [],
  status: null,
  theme: null,
  theme_name: null,
  theme_tokens: null,
  time_zone: null,
  updated_at: null,
};

/** An empty week (4–10 May 2026) in the zone asked for. */
function emptyWeek(path: string) {
  const zone = new URLSearchParams(path.split('?')[1] ?? '').get('time_zone') || 'UTC';
  const days = Array.from({ length: 7 }, (_, i) => `2026-05-${String(4 + i).padStart(2, '0')}`);
  return { time_zone: zone, days, events: [] };
}
