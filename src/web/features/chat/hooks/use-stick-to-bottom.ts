import { useCallback, useLayoutEffect, useRef } from 'react';

/** How close to the bottom (px) still counts as "reading the latest". */
const NEAR_BOTTOM = 64;

/**
 * Keeps a scrolling box at its bottom as content arrives, unless the member scrolled up to read something
 * earlier; scrolling back down (or opening another thread, `resetKey`) follows the new content again.
 * `contentKey` changes whenever the content grows.
 */
export function useStickToBottom<T extends HTMLElement>(contentKey: unknown, resetKey: unknown) {
  const ref = useRef<T>(null);
  const pinned = useRef(true);

  const onScroll = useCallback(() => {
    const box = ref.current;
    if (box) pinned.current = box.scrollHeight - box.scrollTop - box.clientHeight <= NEAR_BOTTOM;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another thread opens; the key is the point.
  useLayoutEffect(() => {
    pinned.current = true;
  }, [resetKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the content grows; the keys are the point.
  useLayoutEffect(() => {
    const box = ref.current;
    if (box && pinned.current) box.scrollTop = box.scrollHeight;
  }, [contentKey, resetKey]);

  return { ref, onScroll };
}
