import type { TokenScope } from '#shared/tokens.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/** What each scope lets an app do, in the member's words (keys are written whole: check-i18n.ts follows them). */
export const scopeLabels: Record<TokenScope, MessageKey> = {
  'tasks:read': 'tokens.scopes.tasksRead',
  'tasks:write': 'tokens.scopes.tasksWrite',
  'calendar:read': 'tokens.scopes.calendarRead',
  'focus:read': 'tokens.scopes.focusRead',
  'focus:write': 'tokens.scopes.focusWrite',
  mcp: 'tokens.scopes.mcp',
};
