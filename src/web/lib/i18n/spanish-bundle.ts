import { messages } from 'virtual:lumara-messages/es';
import esLocale from 'zod/v4/locales/es.js';
import { spanishTexts } from '#shared/localize.es.ts';

/**
 * Everything Spanish needs, in one chunk loaded when the member first chooses it: the interface's catalogue, the
 * Spanish of the texts shared schemas write in English (a form's reason, a refused link), and zod's own reasons.
 */
export const spanish = { messages, sharedTexts: spanishTexts, zodReasons: esLocale().localeError };
