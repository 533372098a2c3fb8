import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Insights } from '#shared/insights.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import type { DayRange } from '../model/ranges.ts';

/** `GET /api/insights?from=&to=&time_zone=`: the member's figures over a range of their days. */
export function getInsights(range: DayRange, timeZone: string, signal?: AbortSignal): Promise<Insights> {
  return answerOf(
    api.insights.$get(
      { query: { from: range.from, to: range.to, time_zone: timeZone } },
      { init: { signal } },
    ),
  );
}

export function insightsQueryOptions(range: DayRange, timeZone: string) {
  return queryOptions({
    queryKey: ['insights', range.from, range.to, timeZone] as const,
    queryFn: ({ signal }) => getInsights(range, timeZone, signal),
  });
}

/** Waits for the zone (null while the profile that names it loads); a new range keeps the last one shown. */
export function useInsights(range: DayRange, timeZone: string | null) {
  return useQuery({
    ...insightsQueryOptions(range, timeZone ?? ''),
    enabled: timeZone !== null,
    placeholderData: keepPreviousData,
  });
}
