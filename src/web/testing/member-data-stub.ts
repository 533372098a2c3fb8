import { jsonResponse, type StubbedRequest } from './fetch-stub.ts';

/**
 * Answers, for a member with no data yet, the reads that signed-in pages make on their own: the shell's badge
 * list (for the badge-earned toasts), the dashboard's stats, its tasks and its music player. For tests about something else;
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
  return undefined;
}
