import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { jsonResponse, type StubbedRequest } from './fetch-stub.ts';

/** The one chat thread the studio opens for such a member (it would create one were there none). */
const studioThread = { id: 1, title: 'New Chat', updated_at: '2026-05-01T10:00:00.000Z' };

/**
 * Answers, for a member with no data yet, the reads that signed-in pages make on their own: the shell's badge
 * list (for the badge-earned toasts), the dashboard's stats, its tasks and its music player, and the studio's
 * catalogue, threads and quick actions, and the community's posts, members and stats. For tests about something else;
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
  return undefined;
}
