import { useMutation } from '@tanstack/react-query';
import type { WeeklyReview } from '#shared/insights.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/** `POST /api/insights/weekly-review`: this week's numbers and a model's summary of them, in the member's language. */
export function writeWeeklyReview(timeZone: string): Promise<WeeklyReview> {
  return answerOf(api.insights['weekly-review'].$post({ json: { time_zone: timeZone } }));
}

export function useWriteWeeklyReview() {
  return useMutation({ mutationFn: writeWeeklyReview });
}
