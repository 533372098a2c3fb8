import { Check, ChevronDown, Dices, Palette, RotateCcw } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_PANEL_THEME, isPanelThemeId, panelThemes, themeLabel } from '#shared/themes.ts';
import { useAppearance } from '../appearance-context.ts';
import { usePreviewHandlers } from '../hooks/use-preview-handlers.ts';
import { panelThemeOptions, randomPanelTheme } from '../model/theme-options.ts';
import { ThemeSwatch } from './theme-swatch.tsx';

const menuButton =
  'inline-flex min-h-11 w-full items-center gap-3 rounded-2xl px-3 py-1.5 text-left text-(--ink) hover:bg-(--surface)';

/**
 * The theme studio as a compact dropdown for the dashboard's header (part 1 §2): the eight panel themes, each
 * previewed while pointed at or focused and applied on click; Reset and Random preview. Escape, a click outside
 * or focus leaving it closes it and ends any preview.
 */
export function ThemePickerCompact() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { applied, shown, pinnedPreview, previewWhileOver, pinPreview, apply } = useAppearance();
  const previewHandlers = usePreviewHandlers();
  const current = isPanelThemeId(applied) ? panelThemes[applied] : null;

  function close(returnFocus: boolean) {
    setOpen(false);
    previewWhileOver(null);
    pinPreview(null);
    if (returnFocus) toggleRef.current?.focus();
  }

  // A press anywhere outside closes it, as a menu does.
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
      previewWhileOver(null);
      pinPreview(null);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, previewWhileOver, pinPreview]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!open) return;
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    // Focus went elsewhere on the page (Tab past the last theme): the picker is done.
    if (event.relatedTarget !== null) close(false);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus leaving close the dropdown inside it.
    <div ref={rootRef} className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={toggleRef}
        type="button"
        aria-label={`Theme ${themeLabel(applied)}`}
        aria-expanded={open}
        aria-controls={`${id}-themes`}
        onClick={() => (open ? close(false) : setOpen(true))}
        className="glass inline-flex min-h-11 items-center gap-2 rounded-full px-4 py-2 font-semibold text-(--ink) hover:bg-(--surface-strong)"
      >
        <Palette aria-hidden="true" className="size-5" />
        Theme
        <span className="font-normal text-(--ink-muted)">
          <span aria-hidden="true">{current?.emoji ?? '🎨'}</span> {themeLabel(applied)}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open ? (
        <fieldset
          id={`${id}-themes`}
          className="absolute top-full left-0 z-40 mt-2 flex w-[min(20rem,calc(100vw-3rem))] flex-col gap-2 rounded-3xl border border-(--line) bg-(--surface-strong) p-3 shadow-(--glass-shadow) backdrop-blur-xl sm:right-0 sm:left-auto"
        >
          <legend className="sr-only">Themes</legend>
          <ul className="flex flex-col gap-1">
            {panelThemeOptions.map((option) => {
              const isApplied = option.id === applied;
              return (
                <li key={option.id}>
                  <button
                    type="button"
                    {...previewHandlers(option.id)}
                    onClick={() => {
                      apply(option.id);
                      close(true);
                    }}
                    className={`${menuButton} ${option.id === shown && !isApplied ? 'bg-(--surface)' : ''}`}
                  >
                    <ThemeSwatch swatch={option.swatch} className="size-7" />
                    <span className="flex-1">
                      <span aria-hidden="true">{option.emoji}</span> {option.name}
                    </span>
                    {isApplied ? (
                      <>
                        <Check aria-hidden="true" className="size-4 text-(--accent-strong)" />
                        <span className="sr-only">(applied)</span>
                      </>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap gap-1 border-t border-(--line) pt-2">
            <button
              type="button"
              onClick={() => pinPreview(DEFAULT_PANEL_THEME)}
              className={`${menuButton} w-auto flex-1 justify-center`}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Reset
            </button>
            <button
              type="button"
              onClick={() => pinPreview(randomPanelTheme(shown))}
              className={`${menuButton} w-auto flex-1 justify-center`}
            >
              <Dices aria-hidden="true" className="size-4" />
              Random
            </button>
          </div>
          {pinnedPreview && pinnedPreview !== applied ? (
            <p role="status" className="px-1 text-sm text-(--ink-muted)">
              Previewing {themeLabel(pinnedPreview)}: choose it above to apply it.
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
