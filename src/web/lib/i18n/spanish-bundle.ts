import { messages } from 'virtual:lumara-messages/es/route/entry';
import { messages as shared } from 'virtual:lumara-messages/shared/es';
import esLocale from 'zod/v4/locales/es.js';

/**
 * What Spanish needs before anything else, in one chunk loaded when the member first chooses it: the entry's texts
 * (sign-in, the error page; the shell and each page load theirs: i18n.ts `loadTexts`), the shared schemas' texts
 * (a form's reason) and zod's own reasons.
 */
export const spanish = { messages: { ...messages, ...shared }, zodReasons: esLocale().localeError };
