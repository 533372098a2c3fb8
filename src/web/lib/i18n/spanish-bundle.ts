import { messages } from 'virtual:lumara-messages/es';
import { messages as shared } from 'virtual:lumara-messages/shared/es';
import esLocale from 'zod/v4/locales/es.js';

/**
 * Everything Spanish needs, in one chunk loaded when the member first chooses it: the interface's catalogue, the
 * shared schemas' texts (a form's reason) and zod's own reasons.
 */
export const spanish = { messages: { ...messages, ...shared }, zodReasons: esLocale().localeError };
