import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';

/**
 * Every read of the profile, and the calendar, whose zone follows the profile's: what a profile change (the
 * profile form, the avatar, the wallpaper, the default AI) makes stale, whichever feature made it.
 */
export function invalidateProfile(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
    queryClient.invalidateQueries({ queryKey: queryKeys.calendar }),
  ]);
}
