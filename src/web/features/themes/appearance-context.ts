import { createContext, use } from 'react';
import type { ThemeId } from '#shared/themes.ts';

export type Appearance = {
  /** The theme the member applied: saved locally and on the server. */
  applied: ThemeId;
  /** The theme on the page now: a preview while there is one, else the applied theme. */
  shown: ThemeId;
  /** What Reset or Random put on show, until Apply or the picker closes; null when none. */
  pinnedPreview: ThemeId | null;
  /** Hovering or focusing a theme shows it; null goes back to the pinned preview or the applied theme. */
  previewWhileOver: (id: ThemeId | null) => void;
  /** Reset and Random: they only preview. Null ends the preview. */
  pinPreview: (id: ThemeId | null) => void;
  /** Applies a theme: on the page, locally ('theme') and on the server. */
  apply: (id: ThemeId) => void;
};

export const AppearanceContext = createContext<Appearance | null>(null);

export function useAppearance(): Appearance {
  const appearance = use(AppearanceContext);
  if (!appearance) throw new Error('useAppearance must be used within an AppearanceProvider');
  return appearance;
}
