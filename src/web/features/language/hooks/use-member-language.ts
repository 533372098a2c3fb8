import { useEffect } from 'react';
import { useProfileMe } from '#web/features/profile/api/get-profile-me.ts';
import { activateLanguage, currentLanguage } from '#web/lib/i18n/i18n.ts';

/**
 * The language saved on the member's profile wins over this browser's, on every device: once the profile
 * arrives (or changes, say from another tab's save), the interface switches to it. No saved choice: the
 * interface stays in the browser's.
 */
export function useMemberLanguage(): void {
  const saved = useProfileMe().data?.language ?? null;
  useEffect(() => {
    if (saved && saved !== currentLanguage()) void activateLanguage(saved);
  }, [saved]);
}
