import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetWallpaperRequest, SetWallpaperResponse } from '#shared/profile.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { invalidateProfile } from '#web/lib/invalidate-profile.ts';

/**
 * `POST /api/profile/set-wallpaper {wallpaperUrl, wallpaperCss}`: an image (copied into Lumara's store) or a
 * gradient; an empty field clears it. The page sets one and clears the other.
 */
export function setWallpaper(change: SetWallpaperRequest): Promise<SetWallpaperResponse> {
  return answerOf(api.profile['set-wallpaper'].$post({ json: change }));
}

/** The profile reloads, and with it the wallpaper behind every page (the app shell follows the profile). */
export function useSetWallpaper() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setWallpaper, onSuccess: () => invalidateProfile(queryClient) });
}
