import type { StyleMode } from '#shared/chat-persona.ts';

/** What each style mode does, for the "Parrot assistant mode" panel; the prompt itself is in shared/persona. */
export const styleModeDescriptions: Record<StyleMode, string> = {
  default: 'Clear, concise answers in the language you write in.',
  sparkle: 'Playful and upbeat: short paragraphs, a few tasteful emoji and a cheerful sign-off.',
  coaching: 'A supportive coach: asks what you are aiming for, then gives small, concrete next steps.',
  teacher: 'A patient teacher: explains step by step, gives an example and ends with a quick check question.',
  research:
    'A careful researcher: separates what is established from what is uncertain, and says when evidence is thin.',
};

export const NO_SYSTEM_PROMPT_TEXT = 'No system prompt: the model answers as itself.';
