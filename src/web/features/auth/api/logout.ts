import { apiRequest } from '#web/app/api-client.ts';

/** `GET /api/logout`: the server deletes the session; the answer is not read (part 1 §7). */
export function requestLogout(): Promise<void> {
  return apiRequest('/api/logout');
}
