import type { StyleMode } from '#shared/chat-persona.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/** Each style mode's name on screen, in the interface's language. */
export const styleModeLabelKeys: Record<StyleMode, MessageKey> = {
  default: 'studio.styleMode.default',
  sparkle: 'studio.styleMode.sparkle',
  coaching: 'studio.styleMode.coaching',
  teacher: 'studio.styleMode.teacher',
  research: 'studio.styleMode.research',
};

/** What each style mode does, for the "Parrot assistant mode" panel; the prompt itself is in shared/persona. */
export const styleModeDescriptionKeys: Record<StyleMode, MessageKey> = {
  default: 'studio.styleMode.defaultDescription',
  sparkle: 'studio.styleMode.sparkleDescription',
  coaching: 'studio.styleMode.coachingDescription',
  teacher: 'studio.styleMode.teacherDescription',
  research: 'studio.styleMode.researchDescription',
};
