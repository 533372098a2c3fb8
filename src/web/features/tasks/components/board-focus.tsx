import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/** Which control of which task had focus in the still board: the nth button of the item with that id. */
export type FocusedControl = { taskId: string; buttonIndex: number };

/**
 * The still board is replaced by the sortable one as soon as dnd-kit is here, and the focused control goes with it
 * (the command palette may just have focused a task, or the member tabbed in). These two carry the focus across:
 * the first notes the last control focused in the still board, the second focuses the same control once the
 * sortable board is drawn, if nothing else has focus by then. Both wrappers are `display: contents`.
 */
export function FocusRecorder({
  into,
  children,
}: {
  into: RefObject<FocusedControl | null>;
  children: ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const board = container.current;
    if (!board) return;
    const noteFocus = (event: FocusEvent) => {
      const control = event.target instanceof HTMLElement ? event.target : null;
      const item = control?.closest<HTMLElement>('[data-task-id]');
      const taskId = item?.dataset.taskId;
      const buttonIndex =
        control && item ? [...item.querySelectorAll<HTMLElement>('button')].indexOf(control) : -1;
      // Only a button of a task is brought back: anything else focused in the board is forgotten.
      into.current = taskId && buttonIndex >= 0 ? { taskId, buttonIndex } : null;
    };
    // Focus that moved elsewhere on purpose is not brought back.
    const noteBlur = (event: FocusEvent) => {
      if (event.relatedTarget) into.current = null;
    };
    board.addEventListener('focusin', noteFocus);
    board.addEventListener('focusout', noteBlur);
    return () => {
      board.removeEventListener('focusin', noteFocus);
      board.removeEventListener('focusout', noteBlur);
    };
  }, [into]);
  return (
    <div ref={container} className="contents">
      {children}
    </div>
  );
}

export function FocusRestorer({
  from,
  children,
}: {
  from: RefObject<FocusedControl | null>;
  children: ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const wanted = from.current;
    from.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!wanted || !lost) return;
    const item = container.current?.querySelector<HTMLElement>(
      `[data-task-id="${CSS.escape(wanted.taskId)}"]`,
    );
    item?.querySelectorAll<HTMLElement>('button')[wanted.buttonIndex]?.focus();
  }, [from]);
  return (
    <div ref={container} className="contents">
      {children}
    </div>
  );
}
