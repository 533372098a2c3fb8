import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileMe } from '#shared/profile.ts';
import { isPanelThemeId, type ThemeId, tokenThemes } from '#shared/themes.ts';
import { profileMeQueryKey } from '#web/features/profile/api/get-profile-me.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/**
 * Saves an applied theme on the server: a studio theme with `POST /api/profile/set-theme {theme}`, a Color
 * Themes one with `POST /api/theme/apply {name, tokens}`.
 */
export async function saveTheme(id: ThemeId): Promise<void> {
  if (isPanelThemeId(id)) {
    await answerOf(api.profile['set-theme'].$post({ json: { theme: id } }));
    return;
  }
  const { name, tokens } = tokenThemes[id];
  await answerOf(api.theme.apply.$post({ json: { name, tokens } }));
}

/**
 * Failures are only logged: the theme stays applied in this browser. The
 * cached profile learns the choice, so it agrees with the server without a refetch.
 */
export function useSaveTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTheme,
    onSuccess: (_, id) => {
      queryClient.setQueriesData<ProfileMe>({ queryKey: profileMeQueryKey }, (profile) => {
        if (!profile) return profile;
        return isPanelThemeId(id)
          ? { ...profile, theme: id }
          : { ...profile, theme_name: id, theme_tokens: tokenThemes[id].tokens };
      });
    },
    onError: (error, id) => console.error(`Failed to save theme ${id}: ${error.message}`),
  });
}
