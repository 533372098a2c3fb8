import type { QuickAction } from '#shared/quick-actions.ts';
import type { MessageKey, Translate } from '#web/lib/i18n/use-t.ts';

/**
 * The starter actions' labels (`defaultQuickActions` in #shared, stored in English on the member's actions) as
 * the screen shows them, in the interface's language. A label the member wrote is shown as written.
 */
const starterLabelKeys: Partial<Record<string, MessageKey>> = {
  Summarize: 'quickActions.starter.summarize',
  'Explain simply': 'quickActions.starter.explainSimply',
  'Caption it': 'quickActions.starter.captionIt',
  Brainstorm: 'quickActions.starter.brainstorm',
  'Deep research': 'quickActions.starter.deepResearch',
};

/** A quick action's label on screen. */
export function quickActionLabel(t: Translate, action: Pick<QuickAction, 'label'>): string {
  const key = Object.hasOwn(starterLabelKeys, action.label) ? starterLabelKeys[action.label] : undefined;
  return key ? t(key) : action.label;
}
