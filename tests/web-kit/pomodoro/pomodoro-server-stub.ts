import { errorResponse, jsonResponse, type StubbedRequest, stubFetch } from '#tests/web-kit/fetch-stub.ts';

/**
 * `POST /api/pomodoro` and `PUT /api/pomodoro/{id}/complete` in memory, over stubFetch, plus any extra routes
 * a test passes. Session ids start at 41 so a test can tell them from counts.
 */
export function stubPomodoroServer(
  options: { startFails?: boolean; extra?: (request: StubbedRequest) => Response | undefined } = {},
) {
  let nextId = 41;
  const sessions = new Map<number, { completed_at: string | null }>();
  const stub = stubFetch((request) => {
    if (request.path === '/api/pomodoro' && request.method === 'POST') {
      if (options.startFails)
        return errorResponse(503, 'database_unavailable', 'The database is not answering');
      const id = nextId++;
      sessions.set(id, { completed_at: null });
      return jsonResponse(
        { id, duration_minutes: 25, started_at: new Date().toISOString(), completed_at: null },
        201,
      );
    }
    const complete = /^\/api\/pomodoro\/(\d+)\/complete$/.exec(request.path);
    if (complete && request.method === 'PUT') {
      const id = Number(complete[1]);
      const session = sessions.get(id);
      if (!session) return errorResponse(404, 'not_found', 'That focus session was not found');
      session.completed_at ??= new Date().toISOString();
      return jsonResponse({ id, duration_minutes: 25, started_at: new Date().toISOString(), ...session });
    }
    return options.extra?.(request);
  });
  return {
    ...stub,
    /** Makes a session exist, as one posted before a reload would. */
    seedSession(id: number) {
      sessions.set(id, { completed_at: null });
    },
    starts: () => stub.requests.filter((r) => r.path === '/api/pomodoro' && r.method === 'POST'),
    completions: () => stub.requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/api/pomodoro/')),
  };
}
