import { POMODORO } from '#shared/pomodoro.ts';
import { translate } from '#web/lib/i18n/use-t.ts';

/** The break's length, the argument of every message that suggests it ("Take a {minutes}-minute break"). */
export const breakValues = { minutes: POMODORO.breakMinutes };

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

/** Shows a browser notification when the member permitted it. */
export function notifyPomodoroComplete(): void {
  const api = notificationApi();
  if (api?.permission !== 'granted') return;
  try {
    new api(translate('pomodoro.notification.title'), {
      body: translate('pomodoro.timer.break', breakValues),
      tag: 'lumara-pomodoro',
    });
  } catch {
    // Chrome on Android allows notifications only from a service worker; the chime and the widget remain.
  }
}
