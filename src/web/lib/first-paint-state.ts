import { FIRST_PAINT_STATE_ID, type FirstPaintState } from '#shared/first-paint.ts';
import { isLanguage } from '#shared/language.ts';

/**
 * The state the server rendered the page from (src/server/composition/first-paint.ts), read once and taken out of
 * the page; null when the page came plain (the browser renders it alone, as before).
 */
export function takeFirstPaintState(): FirstPaintState | null {
  const block = document.getElementById(FIRST_PAINT_STATE_ID);
  if (!block?.textContent) return null;
  block.remove();
  try {
    const state = JSON.parse(block.textContent) as FirstPaintState;
    return isLanguage(state.language) ? state : null;
  } catch {
    return null;
  }
}
