import { z } from 'zod';
import { languages } from '#shared/language.ts';

/**
 * What the worker keeps on each notification it shows (`data`), for the click that comes later, maybe after the
 * worker has been stopped and started again: the notification centre's id, its type and link, the push's own
 * `data` (a reminder's task), the language it was shown in, and when it was shown (a snooze's key: the same
 * notification snoozed twice is one snooze, the reminder shown again after it is another).
 */
export const shownDataSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  url: z.string(),
  data: z.record(z.string(), z.unknown()),
  language: z.enum(languages),
  shownAt: z.number(),
});
export type ShownData = z.infer<typeof shownDataSchema>;

export function readShownData(data: unknown): ShownData | null {
  const parsed = shownDataSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The actions a task reminder offers. */
export const REMINDER_ACTIONS = { done: 'done', snooze: 'snooze' } as const;
/** What "Snooze 10 min" asks for. */
export const SNOOZE_MINUTES = 10;
