import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MAX_RETRIES = 2;

/** A fresh client per app (and per test), so no cached server data outlives its owner. */
export function createQueryClient(): QueryClient {
  // Query assumes it starts online and learns otherwise from the `offline` event, which a page opened (or
  // reloaded) without a connection never gets: a change made then would fail instead of waiting. The browser's
  // "offline" is trustworthy (its "online" is not), so it is taken at start.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Asked even offline: the service worker answers with the last answer it kept (an offline start shows
        // the member's last known tasks and stats). Writes keep the default: paused offline, sent in order when
        // the connection returns.
        networkMode: 'offlineFirst',
        // A 4xx answer will be the same next time; only network trouble and 5xx are worth another try.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES && !(error instanceof ApiError && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
