/**
 * Whether this browser can receive Web Push here, and what it has said about notifications: `unsupported` (no
 * service worker, no PushManager, or no notifications: iPhone and iPad Safari outside an app added to the Home
 * Screen, some private windows), else the Notification permission as it stands.
 */
export type PushAvailability = 'unsupported' | NotificationPermission;

export function pushAvailability(): PushAvailability {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return window.Notification.permission;
}

/** A base64url text (the server's VAPID key) as the bytes `pushManager.subscribe` takes. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Whether a subscription was made with this key (a key changed on the server needs a new subscription). */
export function madeWithKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return false;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/**
 * Ends this browser's own push subscription, whatever the server knows of it: from then on its push service
 * refuses pushes to it (and the server drops the device at its next push, as it does every 410).
 */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}
