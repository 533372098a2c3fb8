import { POMODORO } from '#shared/pomodoro.ts';

export const breakText = `Take a ${POMODORO.breakMinutes}-minute break`;

let askedThisPageLoad = false;

function notificationApi(): typeof Notification | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null;
}

/**
 * Asks for permission once per page load, on the member's first Start (a click), never at page load: browsers
 * ignore or penalize prompts nobody asked for.
 */
export function askNotificationPermissionOnce(): void {
  const api = notificationApi();
  if (!api || askedThisPageLoad || api.permission !== 'default') return;
  askedThisPageLoad = true;
  try {
    api.requestPermission().catch(() => {
      // Refused or unsupported: the widget still chimes.
    });
  } catch {
    // Old Safari takes a callback and returns nothing; the answer is not needed now.
  }
}

/** Part 1 §4: "shows a browser notification if permitted". */
export function notifyPomodoroComplete(): void {
  const api = notificationApi();
  if (api?.permission !== 'granted') return;
  try {
    new api('Pomodoro complete', { body: breakText, tag: 'lumara-pomodoro' });
  } catch {
    // Chrome on Android allows notifications only from a service worker; the chime and the widget remain.
  }
}
