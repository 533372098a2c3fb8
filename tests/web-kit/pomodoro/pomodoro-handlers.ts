import { http } from 'msw';
import {
  type PomodoroTimer,
  pomodoroSessionSchema,
  pomodoroTimerSchema,
  startPomodoroRequestSchema,
  updatePomodoroTimerRequestSchema,
} from '#shared/pomodoro.ts';
import { contractAnswer, errorResponse } from '#tests/web-kit/http-answers.ts';
import { type SentRequest, sentRequests, server } from '#tests/web-kit/msw-server.ts';

type Session = { started_at: string; completed_at: string | null; task_id: number | null };
type ServerTimer = Omit<PomodoroTimer, 'remaining_seconds' | 'ends_at'> & {
  endsAt: number | null;
  remaining: number | null;
};

const IDLE: ServerTimer = {
  state: 'idle',
  session_id: null,
  duration_minutes: 25,
  endsAt: null,
  remaining: null,
  task_id: null,
  version: 0,
};

function actionOf(request: SentRequest): string | undefined {
  return request.body ? (JSON.parse(request.body) as { action?: string }).action : undefined;
}

/**
 * The member's timer (`GET|PUT /api/pomodoro/timer`) and the session routes (`POST /api/pomodoro`,
 * `PUT /api/pomodoro/{id}/complete`) in memory, on the test's MSW server, by the server's rules (a refused move is
 * 409, an action for a run the timer no longer holds changes nothing). Session ids start at 41 so a test can tell
 * them from counts.
 */
export function servePomodoro(options: { startFails?: boolean } = {}) {
  let nextId = 41;
  const sessions = new Map<number, Session>();
  let timer: ServerTimer = { ...IDLE };

  function present(): PomodoroTimer {
    const { endsAt, remaining, ...rest } = timer;
    return {
      ...rest,
      ends_at: timer.state === 'running' && endsAt !== null ? new Date(endsAt).toISOString() : null,
      remaining_seconds:
        timer.state === 'running' && endsAt !== null
          ? Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))
          : remaining,
    };
  }

  function change(next: Partial<ServerTimer>): Response {
    timer = { ...timer, ...next, version: timer.version + 1 };
    return contractAnswer(pomodoroTimerSchema, present());
  }

  const refuse = (message: string) => errorResponse(409, 'conflict', message);

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
    http.get('/api/pomodoro/timer', () => contractAnswer(pomodoroTimerSchema, present())),
    http.put('/api/pomodoro/timer', async ({ request }) => {
      const body = updatePomodoroTimerRequestSchema.parse(await request.json());
      const at = Math.min(body.at ? Date.parse(body.at) : Date.now(), Date.now());
      if (body.action !== 'start' && body.session_id !== undefined && body.session_id !== timer.session_id) {
        return contractAnswer(pomodoroTimerSchema, present());
      }
      const ended = timer.state === 'running' && (timer.endsAt ?? 0) <= at;
      switch (body.action) {
        case 'start': {
          if (timer.state !== 'idle') return refuse('The timer is already running');
          if (options.startFails)
            return errorResponse(503, 'database_unavailable', 'The database is not answering');
          const id = nextId++;
          sessions.set(id, { started_at: new Date(at).toISOString(), completed_at: null, task_id: null });
          const minutes = body.duration_minutes ?? 25;
          return change({
            state: 'running',
            session_id: id,
            duration_minutes: minutes,
            endsAt: at + minutes * 60_000,
            remaining: null,
          });
        }
        case 'pause':
          if (timer.state !== 'running' || ended) return refuse('The timer is not running');
          return change({
            state: 'paused',
            remaining: Math.ceil(((timer.endsAt ?? at) - at) / 1000),
            endsAt: null,
          });
        case 'resume':
          if (timer.state !== 'paused') return refuse('The timer is not paused');
          return change({ state: 'running', endsAt: at + (timer.remaining ?? 0) * 1000, remaining: null });
        case 'reset':
          if (timer.state === 'idle') return refuse('The timer has not been started');
          return change({ ...IDLE, version: timer.version });
        case 'complete': {
          if (timer.state === 'idle') return refuse('The timer has not been started');
          const session = timer.session_id === null ? undefined : sessions.get(timer.session_id);
          if (session) session.completed_at ??= new Date(at).toISOString();
          return change({ ...IDLE, version: timer.version });
        }
      }
    }),
  );

  const timerActions = (action: string) =>
    sentRequests().filter(
      (r) => r.method === 'PUT' && r.path === '/api/pomodoro/timer' && actionOf(r) === action,
    );

  return {
    /** The timer as the server holds it now (what `GET /api/pomodoro/timer` answers). */
    timer: present,
    /**
     * Another device's action, as the server would take it: the timer changes (one version on) and the test
     * hands the answer to the page as a live event.
     */
    changeElsewhere(next: Partial<PomodoroTimer>): PomodoroTimer {
      const { ends_at, remaining_seconds, ...rest } = next;
      timer = {
        ...timer,
        ...rest,
        ...(ends_at !== undefined ? { endsAt: ends_at === null ? null : Date.parse(ends_at) } : {}),
        ...(remaining_seconds !== undefined ? { remaining: remaining_seconds } : {}),
        version: timer.version + 1,
      };
      return present();
    },
    /** Makes a session exist, as one started before would. */
    seedSession(id: number) {
      sessions.set(id, { started_at: new Date().toISOString(), completed_at: null, task_id: null });
    },
    session: (id: number) => sessions.get(id),
    starts: () => timerActions('start'),
    completions: () => timerActions('complete'),
    /** Every timer action sent, its body as sent. */
    actions: () =>
      sentRequests()
        .filter((r) => r.method === 'PUT' && r.path === '/api/pomodoro/timer')
        .map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>),
  };
}
