import { useState } from 'react';
import { type AiChoice, aiChoiceSchema } from '#shared/ai.ts';

/** Where the page keeps the member's provider and model for the writing helpers (this browser only). */
export const COMMUNITY_AI_STORAGE_KEY = 'communityAiChoice';

function readStoredChoice(): AiChoice | null {
  try {
    const raw = window.localStorage.getItem(COMMUNITY_AI_STORAGE_KEY);
    if (raw === null) return null;
    const parsed = aiChoiceSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Site data blocked, or a value that is not JSON: start from the defaults.
    return null;
  }
}

/**
 * The member's pick for the writing helpers, or null until they pick (the catalogue's `defaults` apply then).
 * Kept in localStorage so the next visit opens on it; where storage is refused it lasts until the page closes.
 */
export function useCommunityAiChoice() {
  const [picked, setPicked] = useState<AiChoice | null>(readStoredChoice);
  function pick(choice: AiChoice) {
    setPicked(choice);
    try {
      window.localStorage.setItem(COMMUNITY_AI_STORAGE_KEY, JSON.stringify(choice));
    } catch {
      // Nowhere to keep it.
    }
  }
  return [picked, pick] as const;
}
