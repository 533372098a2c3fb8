/**
 * The service worker's copy of the API's answers (vite.config.ts, `runtimeCaching`): what the app shows when it
 * starts offline. It holds one member's data, so it is emptied when they sign out, when the session is found over
 * (`/api/users/me` answers 401: a session that simply expired leaves no sign-out behind), and when another member
 * signs in on this browser.
 */
export const OFFLINE_API_CACHE = 'lumara-api';
const LAST_MEMBER_KEY = 'lumaraOfflineCacheMember';

export async function clearOfflineApiCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_API_CACHE);
}

/** Called with each signed-in member: another member than the cache was filled for empties it first. */
export async function keepOfflineApiCacheFor(memberId: number): Promise<void> {
  let last: string | null = null;
  try {
    last = window.localStorage.getItem(LAST_MEMBER_KEY);
    window.localStorage.setItem(LAST_MEMBER_KEY, String(memberId));
  } catch {
    // No storage: no way to tell members apart, so keep nothing.
    await clearOfflineApiCache();
    return;
  }
  if (last !== null && last !== String(memberId)) await clearOfflineApiCache();
}

/**
 * The session is over (`/api/users/me` answered 401): the copy goes. Answers the member it was kept for, if this
 * browser knew one, so that what else was kept for them (their waiting changes) can go too.
 */
export async function clearOfflineApiCacheOfEndedSession(): Promise<number | null> {
  let last: string | null = null;
  try {
    last = window.localStorage.getItem(LAST_MEMBER_KEY);
    window.localStorage.removeItem(LAST_MEMBER_KEY);
  } catch {
    // No storage: nothing was kept for anyone but the copy itself.
  }
  await clearOfflineApiCache();
  const memberId = Number(last);
  return last !== null && Number.isSafeInteger(memberId) ? memberId : null;
}
