import { TASK_PLAN_LIMITS } from '#shared/tasks.ts';

/*
 * A task's reminders, each a number of minutes before its due time (09:00 on a day without a time): the presets
 * the editor offers, and a custom one in minutes, hours or days.
 */

/** At the due time, 5, 10 and 30 minutes, 1 hour and 1 day before. */
export const REMINDER_PRESETS = [0, 5, 10, 30, 60, 1440] as const;

export const reminderUnits = ['minutes', 'hours', 'days'] as const;
export type ReminderUnit = (typeof reminderUnits)[number];
export const UNIT_MINUTES: Record<ReminderUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** The minutes in the largest unit that says them exactly: 1440 → 1 day, 90 → 90 minutes. */
export function reminderParts(minutes: number): { amount: number; unit: ReminderUnit } {
  if (minutes > 0 && minutes % UNIT_MINUTES.days === 0)
    return { amount: minutes / UNIT_MINUTES.days, unit: 'days' };
  if (minutes > 0 && minutes % UNIT_MINUTES.hours === 0)
    return { amount: minutes / UNIT_MINUTES.hours, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}

/** A custom reminder's minutes, or null when it is not a whole amount within four weeks. */
export function customReminderMinutes(amount: number, unit: ReminderUnit): number | null {
  const minutes = amount * UNIT_MINUTES[unit];
  return Number.isInteger(amount) && amount >= 0 && minutes <= TASK_PLAN_LIMITS.reminderBeforeMaxMinutes
    ? minutes
    : null;
}

/** The reminders with one more, earliest first; one already there or a sixth adds nothing. */
export function addReminder(reminders: readonly number[], minutes: number): number[] {
  if (reminders.includes(minutes) || reminders.length >= TASK_PLAN_LIMITS.remindersMax) return [...reminders];
  return [...reminders, minutes].sort((a, b) => a - b);
}
