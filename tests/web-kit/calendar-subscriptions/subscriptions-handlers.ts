import { http } from 'msw';
import { successSchema } from '#shared/api.ts';
import {
  CALENDAR_SUBSCRIPTION_LIMITS,
  type CalendarSubscription,
  calendarSubscriptionListSchema,
  calendarSubscriptionSchema,
  createCalendarSubscriptionSchema,
  fetchableCalendarUrl,
} from '#shared/calendar-subscriptions.ts';
import { contractAnswer, errorResponse } from '../http-answers.ts';
import { server } from '../msw-server.ts';

/** A subscription as `GET /api/calendar/subscriptions` lists it. */
export function buildSubscription(overrides: Partial<CalendarSubscription> = {}): CalendarSubscription {
  return {
    id: 1,
    url: 'https://calendar.example.com/team.ics',
    name: 'Team',
    color: '#2563eb',
    last_fetched_at: '2026-11-22T08:30:00.000Z',
    last_error: null,
    last_error_at: null,
    event_count: 12,
    created_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * A fake of the calendar subscription routes (src/shared/calendar-subscriptions.ts) for one member, in memory,
 * answered through the contract's schemas. A link containing `not-a-calendar` is refused as the server refuses
 * it (400 with `fields.url`); `failRefresh` makes a refresh record an error. Answers the state, for tests to read.
 */
export function serveSubscriptions({
  subscriptions = [],
  failList = false,
  failRefresh = false,
}: {
  subscriptions?: CalendarSubscription[];
  failList?: boolean;
  failRefresh?: boolean;
} = {}) {
  const state = { subscriptions: [...subscriptions], nextId: 100 };
  server.use(
    http.get('/api/calendar/subscriptions', () =>
      failList
        ? errorResponse(429, 'rate_limited')
        : contractAnswer(calendarSubscriptionListSchema, { subscriptions: state.subscriptions }),
    ),
    http.post('/api/calendar/subscriptions', async ({ request }) => {
      const body = createCalendarSubscriptionSchema.safeParse(await request.json());
      if (!body.success) return errorResponse(400, 'validation_failed');
      if (body.data.url.includes('not-a-calendar')) {
        const message = 'That link does not answer with a calendar (an .ics file)';
        return errorResponse(400, 'validation_failed', message, { url: message });
      }
      if (state.subscriptions.length >= CALENDAR_SUBSCRIPTION_LIMITS.perMember) {
        return errorResponse(409, 'conflict', 'You can subscribe to at most 10 calendars');
      }
      const subscription = buildSubscription({
        id: state.nextId++,
        url: fetchableCalendarUrl(body.data.url),
        name: body.data.name ?? 'Fetched calendar',
        color: body.data.color ?? '#2563eb',
      });
      state.subscriptions.push(subscription);
      return contractAnswer(calendarSubscriptionSchema, subscription, 201);
    }),
    http.post('/api/calendar/subscriptions/:id/refresh', ({ params }) => {
      const index = state.subscriptions.findIndex((one) => one.id === Number(params.id));
      const found = state.subscriptions[index];
      if (!found) return errorResponse(404, 'not_found');
      const after = failRefresh
        ? { ...found, last_error: 'unreachable' as const, last_error_at: '2026-11-22T09:00:00.000Z' }
        : { ...found, last_error: null, last_error_at: null, last_fetched_at: '2026-11-22T09:00:00.000Z' };
      state.subscriptions[index] = after;
      return contractAnswer(calendarSubscriptionSchema, after);
    }),
    http.delete('/api/calendar/subscriptions/:id', ({ params }) => {
      const id = Number(params.id);
      if (!state.subscriptions.some((one) => one.id === id)) return errorResponse(404, 'not_found');
      state.subscriptions = state.subscriptions.filter((one) => one.id !== id);
      return contractAnswer(successSchema, { success: true });
    }),
  );
  return { state };
}

/** Settings' Calendar subscriptions card for a member with none yet. */
export function emptySubscriptionHandlers() {
  return [
    http.get('/api/calendar/subscriptions', () =>
      contractAnswer(calendarSubscriptionListSchema, { subscriptions: [] }),
    ),
  ];
}
