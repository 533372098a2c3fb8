import type { Dashboard } from '#shared/dashboard.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/** `GET /api/dashboard?time_zone=…`: every card's first answer in one call (the page files each under its query). */
export function getDashboard(timeZone: string, signal?: AbortSignal): Promise<Dashboard> {
  return answerOf(api.dashboard.$get({ query: { time_zone: timeZone } }, { init: { signal } }));
}
