import { http } from 'msw';
import { successSchema } from '#shared/api.ts';
import { type CalendarFeed, calendarFeedSchema } from '#shared/calendar-feed.ts';
import { contractAnswer, errorResponse } from '../http-answers.ts';
import { server } from '../msw-server.ts';

/** The addresses the fake makes: each one other than the one before. */
export const FAKE_FEED_URLS = [
  `http://localhost:3000/calendar/${'A1b2_'.repeat(8)}abc.ics`,
  `http://localhost:3000/calendar/${'Z9y8-'.repeat(8)}xyz.ics`,
];

/**
 * A fake of the calendar feed routes (src/shared/calendar-feed.ts) for one member, in memory, answered through the
 * contract's schemas. `fail.get` makes the read answer 429 (not retried, so the error shows at once); `fail.write`
 * refuses making and turning off. Answers the state, for tests to read.
 */
export function serveCalendarFeed({
  url = null,
  fail = {},
}: {
  url?: string | null;
  fail?: { get?: boolean; write?: boolean };
} = {}) {
  const state: CalendarFeed & { made: number } = { url, made: 0 };
  server.use(
    http.get('/api/calendar/feed', () =>
      fail.get ? errorResponse(429, 'rate_limited') : contractAnswer(calendarFeedSchema, { url: state.url }),
    ),
    http.post('/api/calendar/feed', () => {
      if (fail.write) return errorResponse(503, 'server_busy');
      // A new address is never the one before, as the server's never is.
      state.url = FAKE_FEED_URLS.find((url) => url !== state.url) ?? null;
      state.made += 1;
      return contractAnswer(calendarFeedSchema, { url: state.url });
    }),
    http.delete('/api/calendar/feed', () => {
      if (fail.write) return errorResponse(503, 'server_busy');
      state.url = null;
      return contractAnswer(successSchema, { success: true });
    }),
  );
  return { state };
}

/** Settings' Calendar card for a member without an address yet. */
export function emptyCalendarFeedHandlers() {
  return [http.get('/api/calendar/feed', () => contractAnswer(calendarFeedSchema, { url: null }))];
}
