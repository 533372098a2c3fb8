import { http } from 'msw';
import { pomodoroSessionSchema, startPomodoroRequestSchema } from '#shared/pomodoro.ts';
import { contractAnswer, errorResponse } from '#tests/web-kit/http-answers.ts';
import { sentRequests, server } from '#tests/web-kit/msw-server.ts';

/**
 * `POST /api/pomodoro` and `PUT /api/pomodoro/{id}/complete` in memory, on the test's MSW server. Session ids
 * start at 41 so a test can tell them from counts.
 */
export function servePomodoro(options: { startFails?: boolean } = {}) {
  let nextId = 41;
  const sessions = new Map<number, { started_at: string; completed_at: string | null; task_id: null }>();

  server.use(
    http.post('/api/pomodoro', async ({ request }) => {
      const { duration_minutes } = startPomodoroRequestSchema.parse(await request.json());
      if (options.startFails)
        return errorResponse(503, 'database_unavailable', 'The database is not answering');
      const id = nextId++;
      const session = { started_at: new Date().toISOString(), completed_at: null, task_id: null };
      sessions.set(id, session);
      return contractAnswer(pomodoroSessionSchema, { id, duration_minutes, ...session }, 201);
    }),
    http.put('/api/pomodoro/:id/complete', ({ params }) => {
      const id = Number(params.id);
      const session = sessions.get(id);
      if (!session) return errorResponse(404, 'not_found', 'That focus session was not found');
      session.completed_at ??= new Date().toISOString();
      return contractAnswer(pomodoroSessionSchema, { id, duration_minutes: 25, ...session });
    }),
  );

  return {
    /** Makes a session exist, as one posted before a reload would. */
    seedSession(id: number) {
      sessions.set(id, { started_at: new Date().toISOString(), completed_at: null, task_id: null });
    },
    starts: () => sentRequests().filter((r) => r.path === '/api/pomodoro' && r.method === 'POST'),
    completions: () =>
      sentRequests().filter((r) => r.method === 'PUT' && r.path.startsWith('/api/pomodoro/')),
  };
}
