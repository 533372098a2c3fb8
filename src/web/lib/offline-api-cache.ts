/**
 * The service worker's copy of the API's answers (vite.config.ts, `runtimeCaching`): what the app shows when it
 * starts offline. It holds one member's data, so it is emptied when they sign out and when another member signs
 * in on this browser (a session that simply expired leaves no sign-out behind).
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
