import { useCallback, useEffect, useState } from 'react';
import { translate } from '#web/lib/i18n/use-t.ts';

/** The Document Picture-in-Picture API (Chromium 116+): an always-on-top window holding any page content. */
type DocumentPictureInPicture = {
  requestWindow(options?: { width?: number; height?: number }): Promise<Window>;
};

function pictureInPicture(): DocumentPictureInPicture | undefined {
  return (window as Window & { documentPictureInPicture?: DocumentPictureInPicture })
    .documentPictureInPicture;
}

/** The floating timer's size in its own window: the clock and its buttons, nothing else. */
const WINDOW_SIZE = { width: 320, height: 140 };

/**
 * A window of its own that stays above other apps, where the browser offers one (Document Picture-in-Picture),
 * for the floating timer. `window` is open until the member closes it (or `close`); the caller renders
 * into its body with a portal, so the one timer keeps counting and both places show it. Elsewhere `supported` is
 * false and nothing is offered.
 */
export function usePictureInPicture() {
  const [openWindow, setOpenWindow] = useState<Window | null>(null);

  const open = useCallback(async () => {
    const api = pictureInPicture();
    if (!api) return;
    const popped = await api.requestWindow(WINDOW_SIZE);
    copyPageLook(popped);
    popped.addEventListener('pagehide', () => setOpenWindow(null), { once: true });
    setOpenWindow(popped);
  }, []);

  const close = useCallback(() => openWindow?.close(), [openWindow]);
  // The page going away (sign-out unmounts the timer) takes the window with it.
  useEffect(() => () => openWindow?.close(), [openWindow]);

  return { supported: pictureInPicture() !== undefined, window: openWindow, open, close };
}

/** The page's stylesheets and theme, so the window looks like the timer it holds. */
function copyPageLook(popped: Window): void {
  const { document: target } = popped;
  for (const sheet of document.head.querySelectorAll('link[rel="stylesheet"], style')) {
    target.head.append(sheet.cloneNode(true));
  }
  target.title = translate('pomodoro.widget.windowTitle');
  // The page's language too, so a screen reader there reads the timer's words in it.
  target.documentElement.lang = document.documentElement.lang;
  const theme = document.documentElement.dataset.theme;
  if (theme) target.documentElement.dataset.theme = theme;
  // Token themes are custom properties set on the page's root.
  target.documentElement.style.cssText = document.documentElement.style.cssText;
  target.body.className = 'grid min-h-dvh place-items-center bg-(--page-bg)';
}
