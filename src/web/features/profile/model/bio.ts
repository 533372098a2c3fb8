import type { AiChatMessage } from '#shared/ai.ts';
import { type Language, SPANISH_FOR_AI } from '#shared/language.ts';
import { DEFAULT_DISPLAY_NAME } from '#shared/profile.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/** Concise 80–120 words, detailed 200–250 words, as the AI is asked (in English). */
export const bioLengths = {
  concise: { label: 'Concise', words: '80–120 words' },
  detailed: { label: 'Detailed', words: '200–250 words' },
} as const;
export type BioLength = keyof typeof bioLengths;

/** Each length's button: "Concise (80–120 words)". */
export const bioLengthButtons: Record<BioLength, MessageKey> = {
  concise: 'profile.bio.concise',
  detailed: 'profile.bio.detailed',
};

/** Placed into the bio when generation fails (kept exactly as members know it). */
export const BIO_FAILED: MessageKey = 'profile.bio.failed';
export const BIO_EMPTY: MessageKey = 'profile.bio.empty';

/** The bio is written in the member's language; in English the prompt names no language. */
const bioLanguage: Record<Language, string> = { en: '', es: `, in ${SPANISH_FOR_AI}` };

/** What `POST /api/ai/chat` is asked: a first-person bio from what the member told the form. */
export function bioMessages(
  length: BioLength,
  about: { displayName: string; tags: readonly string[]; currentBio: string },
  language: Language = 'en',
): AiChatMessage[] {
  const name = about.displayName.trim() || DEFAULT_DISPLAY_NAME;
  const facts = [
    `Name: ${name}`,
    about.tags.length > 0 ? `Interests: ${about.tags.join(', ')}` : null,
    about.currentBio.trim() ? `What they wrote so far: ${about.currentBio.trim()}` : null,
  ].filter((line): line is string => line !== null);
  return [
    {
      role: 'system',
      content:
        'You write warm, playful, first-person profile bios for members of a creator community. Answer with the bio only: no title, no quotes, no preamble.',
    },
    {
      role: 'user',
      content: `Write a ${bioLengths[length].label.toLowerCase()} bio of ${bioLengths[length].words}${bioLanguage[language]}.\n${facts.join('\n')}`,
    },
  ];
}
