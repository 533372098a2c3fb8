import { messages } from 'virtual:lumara-messages/shared/en';
import { i18n } from './i18n.ts';

/**
 * The English of what shared schemas say themselves (src/shared/messages: "Type a title"), which zod words in the
 * interface's language as it checks a form (#shared/texts.ts). Kept out of the first load's catalogue: a page that
 * shows a schema's own reason imports this module first (`import '#web/lib/i18n/shared-texts.ts'`). Other
 * languages carry these texts in their own chunk (spanish-bundle.ts).
 */
i18n.load('en', messages);
