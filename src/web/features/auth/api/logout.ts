import { answerOf, api } from '#web/lib/api-client.ts';

/** `GET /api/logout`: the server deletes the session; the answer is not read. */
export async function requestLogout(): Promise<void> {
  await answerOf(api.logout.$get());
}
