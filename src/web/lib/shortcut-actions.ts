import { useEffect, useRef } from 'react';

/**
 * What a keyboard shortcut or the command palette asks a feature to do (features never import each other, so
 * the asker names the action and whichever mounted component can do it answers).
 */
export type ShortcutAction = 'new-task' | 'toggle-timer' | 'toggle-task-view' | 'new-chat' | 'new-post';

type Handler = { run: () => void; priority: number; order: number };

const handlers = new Map<ShortcutAction, Handler[]>();
let registrations = 0;
/** An action asked for before anything could do it (the page that can is on its way): done when it mounts. */
let waiting: ShortcutAction | null = null;

/**
 * Does `action` with the mounted handler of the highest priority (the newest among equals). False when nothing
 * mounted can do it.
 */
export function runShortcutAction(action: ShortcutAction): boolean {
  const candidates = handlers.get(action) ?? [];
  const chosen = candidates.reduce<Handler | undefined>(
    (best, handler) =>
      !best ||
      handler.priority > best.priority ||
      (handler.priority === best.priority && handler.order > best.order)
        ? handler
        : best,
    undefined,
  );
  chosen?.run();
  return chosen !== undefined;
}

/** Does `action` now, or, when nothing mounted can, as soon as something that can mounts (the next one asked wins). */
export function runShortcutActionWhenReady(action: ShortcutAction): void {
  waiting = runShortcutAction(action) ? null : action;
}

/**
 * Answers `action` while mounted. `priority` decides between two mounted answers: the focus page's own timer (1)
 * before the floating one (0).
 */
export function useShortcutAction(action: ShortcutAction, run: () => void, priority = 0): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    registrations += 1;
    const handler: Handler = { run: () => latest.current(), priority, order: registrations };
    handlers.set(action, [...(handlers.get(action) ?? []), handler]);
    if (waiting === action) {
      waiting = null;
      handler.run();
    }
    return () => {
      handlers.set(
        action,
        (handlers.get(action) ?? []).filter((other) => other !== handler),
      );
    };
  }, [action, priority]);
}
