import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_PANEL_THEME, type ThemeId } from '#shared/themes.ts';
import { useProfileMe } from '#web/features/profile/api/get-profile-me.ts';
import { useSaveTheme } from '../api/save-theme.ts';
import { type Appearance, AppearanceContext } from '../appearance-context.ts';
import { applyThemeToDocument, clearThemeFromDocument } from '../model/document-theme.ts';
import { applyWallpaperToDocument, clearWallpaperFromDocument } from '../model/document-wallpaper.ts';
import { readStoredTheme, storeTheme } from '../model/stored-theme.ts';
import { themeToRestore } from '../model/theme-to-restore.ts';

/**
 * The signed-in page's look: the theme (applied, or previewed) on <html> and the wallpaper behind the page.
 * At start-up it shows the theme this browser applied last at once, then restores the theme and wallpaper the
 * profile keeps (`GET /api/profile/me`). The wallpaper follows the profile from then on, so setting
 * one in Settings shows it as soon as the profile reloads. Leaving (signing out) puts the default back.
 */
export function AppearanceProvider({ children }: { children: ReactNode }) {
  const profile = useProfileMe();
  // A profile already in hand (the page the server painted, decision 0039) settles the theme at the first render, as
  // the server's did, so hydration shows the same one.
  const [applied, setApplied] = useState<ThemeId>(() => {
    const stored = readStoredTheme();
    return (profile.data ? themeToRestore(stored, profile.data) : null) ?? stored ?? DEFAULT_PANEL_THEME;
  });
  const [pinnedPreview, setPinnedPreview] = useState<ThemeId | null>(null);
  const [hovered, setHovered] = useState<ThemeId | null>(null);
  const restoreDone = useRef(false);
  const appliedThisVisit = useRef(false);
  const saveTheme = useSaveTheme();
  const { mutate: save } = saveTheme;

  // Once per visit, and never over a theme the member applied before the profile arrived.
  useEffect(() => {
    if (!profile.data || restoreDone.current) return;
    restoreDone.current = true;
    if (appliedThisVisit.current) return;
    const restored = themeToRestore(readStoredTheme(), profile.data);
    if (restored === null) return;
    storeTheme(restored);
    setApplied(restored);
  }, [profile.data]);

  const shown = hovered ?? pinnedPreview ?? applied;
  // Before paint, so a preview never flashes the previous theme.
  useLayoutEffect(() => applyThemeToDocument(document.documentElement, shown), [shown]);
  useLayoutEffect(() => () => clearThemeFromDocument(document.documentElement), []);

  const wallpaperUrl = profile.data?.wallpaper_url ?? null;
  const wallpaperCss = profile.data?.wallpaper_css ?? null;
  useLayoutEffect(() => {
    applyWallpaperToDocument(document.body, { url: wallpaperUrl, css: wallpaperCss });
    return () => clearWallpaperFromDocument(document.body);
  }, [wallpaperUrl, wallpaperCss]);

  const apply = useCallback(
    (id: ThemeId) => {
      appliedThisVisit.current = true;
      setHovered(null);
      setPinnedPreview(null);
      setApplied(id);
      storeTheme(id);
      save(id);
    },
    [save],
  );

  const appearance = useMemo<Appearance>(
    () => ({
      applied,
      shown,
      pinnedPreview,
      previewWhileOver: setHovered,
      pinPreview: setPinnedPreview,
      apply,
    }),
    [applied, shown, pinnedPreview, apply],
  );

  return <AppearanceContext value={appearance}>{children}</AppearanceContext>;
}
