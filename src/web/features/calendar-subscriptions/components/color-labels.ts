import type { CalendarSubscriptionColor } from '#shared/calendar-subscriptions.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/** Each colour's name, so the picker is read by name and the colour is never the only cue. */
export const colorLabels: Record<CalendarSubscriptionColor, MessageKey> = {
  '#2563eb': 'calendarSubscriptions.colors.blue',
  '#16a34a': 'calendarSubscriptions.colors.green',
  '#dc2626': 'calendarSubscriptions.colors.red',
  '#9333ea': 'calendarSubscriptions.colors.purple',
  '#ea580c': 'calendarSubscriptions.colors.orange',
  '#0891b2': 'calendarSubscriptions.colors.teal',
};
