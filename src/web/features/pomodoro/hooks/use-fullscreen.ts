import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * The Fullscreen API on one element. Browsers may refuse (no user gesture, an iframe without permission, iOS
 * Safari on phones): `refused` says so, and the page stays as it was.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    const element = target.current;
    const onChange = () => setActive(element !== null && document.fullscreenElement === element);
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      // Leaving the page leaves full screen with it.
      if (element && document.fullscreenElement === element) void document.exitFullscreen().catch(() => {});
    };
  }, [target]);

  const toggle = useCallback(async () => {
    setRefused(false);
    const element = target.current;
    try {
      if (document.fullscreenElement) {
        await document.exitFullscreen();
      } else if (element && typeof element.requestFullscreen === 'function' && document.fullscreenEnabled) {
        await element.requestFullscreen();
      } else {
        setRefused(true);
      }
    } catch {
      setRefused(true);
    }
  }, [target]);

  const exit = useCallback(async () => {
    if (!document.fullscreenElement) return;
    await document.exitFullscreen().catch(() => {});
  }, []);

  return { active, refused, toggle, exit };
}
