import { useCallback } from 'react';
import type { ThemeId } from '#shared/themes.ts';
import { usePrefersReducedMotion } from '#web/ui/confetti.tsx';
import { useAppearance } from '../appearance-context.ts';

export type PreviewHandlers = {
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
};

/**
 * Hover previews a theme, and so does keyboard focus; leaving goes back to the pinned preview or
 * the applied theme. A member who asks for less motion gets no previews: the page changes only when they act.
 */
export function usePreviewHandlers(): (id: ThemeId) => PreviewHandlers {
  const { previewWhileOver } = useAppearance();
  const reducedMotion = usePrefersReducedMotion();
  return useCallback(
    (id: ThemeId) =>
      reducedMotion
        ? {}
        : {
            onMouseEnter: () => previewWhileOver(id),
            onMouseLeave: () => previewWhileOver(null),
            onFocus: () => previewWhileOver(id),
            onBlur: () => previewWhileOver(null),
          },
    [previewWhileOver, reducedMotion],
  );
}
