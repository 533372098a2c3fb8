import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * The post menu (Edit, Delete) that only the post's author sees (part 2 §6). A disclosure: the button opens a
 * short list of actions; Escape or a press elsewhere closes it.
 */
export function PostActionsMenu({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && wrapperRef.current?.contains(event.target)) return;
      setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function choose(action: () => void) {
    setOpen(false);
    action();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the menu closes it; the controls inside are buttons.
    <div
      ref={wrapperRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label="Post options"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((value) => !value)}
        className="grid size-11 place-items-center rounded-full text-(--ink) hover:bg-(--surface-strong)"
      >
        <MoreHorizontal aria-hidden="true" className="size-5" />
      </button>
      {open ? (
        <ul
          id={`${id}-menu`}
          className="absolute right-0 z-10 mt-1 flex min-w-36 flex-col gap-1 rounded-2xl border border-(--line) bg-(--surface-strong) p-1.5 shadow-xl backdrop-blur-xl"
        >
          <li>
            <button
              type="button"
              onClick={() => choose(onEdit)}
              className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left font-medium text-(--ink) hover:bg-(--surface)"
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </button>
          </li>
          <li>
            <button
              type="button"
              onClick={() => choose(onDelete)}
              className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left font-medium text-(--danger) hover:bg-(--surface)"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
