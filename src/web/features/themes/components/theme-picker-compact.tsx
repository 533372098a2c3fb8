import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronDown, Dices, Palette, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { DEFAULT_PANEL_THEME, isPanelThemeId, panelThemes, themeLabel } from '#shared/themes.ts';
import { useAppearance } from '../appearance-context.ts';
import { usePreviewHandlers } from '../hooks/use-preview-handlers.ts';
import { panelThemeOptions, randomPanelTheme } from '../model/theme-options.ts';
import { ThemeSwatch } from './theme-swatch.tsx';

const menuButton =
  'inline-flex min-h-11 w-full items-center gap-3 rounded-2xl px-3 py-1.5 text-left text-(--ink) hover:bg-(--surface)';

/**
 * The theme studio as a compact dropdown for the dashboard's header (part 1 §2), a Radix popover: the eight panel
 * themes, each previewed while pointed at or focused and applied on click; Reset and Random preview. Escape, a
 * press outside or focus leaving it closes it and ends any preview; Escape and applying a theme give focus back
 * to the button.
 */
export function ThemePickerCompact() {
  const [open, setOpen] = useState(false);
  const { applied, shown, pinnedPreview, previewWhileOver, pinPreview, apply } = useAppearance();
  const previewHandlers = usePreviewHandlers();
  const current = isPanelThemeId(applied) ? panelThemes[applied] : null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) return;
    previewWhileOver(null);
    pinPreview(null);
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        aria-label={`Theme ${themeLabel(applied)}`}
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
      </Popover.Trigger>
      {/* Not portalled: right after the button in the page, so Tab goes on from the button into the themes. */}
      <Popover.Content
        align="end"
        sideOffset={8}
        collisionPadding={16}
        aria-label="Themes"
        // Focus stays on the button as it opens, so opening previews nothing.
        onOpenAutoFocus={(event) => event.preventDefault()}
        className="z-40 w-[min(20rem,calc(100vw-3rem))] rounded-3xl border border-(--line) bg-(--surface-strong) p-3 shadow-(--glass-shadow) backdrop-blur-xl"
      >
        <fieldset className="flex flex-col gap-2">
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
                      onOpenChange(false);
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
      </Popover.Content>
    </Popover.Root>
  );
}
