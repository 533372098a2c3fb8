import { storedValue, useStoredValue } from '#web/lib/stored-value.ts';

/** Kept in this browser only, as 'true' or 'false'. */
export const FLOATING_POMODORO_STORAGE_KEY = 'floatingPomodoroEnabled';

// On unless the member turned it off. Every mounted reader (the switch in the side nav, the one in the mobile
// menu, the widget) hears a change.
const floatingPomodoro = storedValue(FLOATING_POMODORO_STORAGE_KEY, (raw) => raw !== 'false');

export function useFloatingPomodoroPreference(): readonly [boolean, (enabled: boolean) => void] {
  return useStoredValue(floatingPomodoro, true);
}
