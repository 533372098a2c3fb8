import { type StyleMode, styleModeSchema } from '#shared/chat-persona.ts';
import { storedValue, useStoredValue } from '#web/lib/stored-value.ts';

/** The studio's choices kept in this browser only: the Lumara System toggle, its mode, the sidebar. */
export const STUDIO_STORAGE_KEYS = {
  lumaraSystem: 'studioLumaraSystem',
  styleMode: 'studioStyleMode',
  threadsOpen: 'studioThreadsOpen',
} as const;

/** Where the thread sidebar starts collapsed unless the member opened it (phones, ≤ 640 px). */
const WIDE_SCREEN_QUERY = '(min-width: 640px)';

function wideScreen(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_SCREEN_QUERY).matches;
}

const lumaraSystem = storedValue(STUDIO_STORAGE_KEYS.lumaraSystem, (raw) => raw !== 'false');
const styleMode = storedValue<StyleMode>(STUDIO_STORAGE_KEYS.styleMode, (raw) => {
  const parsed = styleModeSchema.safeParse(raw);
  return parsed.success ? parsed.data : 'default';
});
// Open on wide screens, collapsed on phones, until the member says otherwise.
const threadsOpen = storedValue(STUDIO_STORAGE_KEYS.threadsOpen, (raw) =>
  raw === null ? wideScreen() : raw === 'true',
);

/** The Lumara System toggle: on unless the member turned it off. */
export function useLumaraSystemPreference() {
  return useStoredValue(lumaraSystem, true);
}

export function useStyleModePreference() {
  return useStoredValue(styleMode, 'default');
}

export function useThreadsOpenPreference() {
  return useStoredValue(threadsOpen, true);
}
