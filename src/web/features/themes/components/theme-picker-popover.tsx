import * as Popover from '@radix-ui/react-popover';
import { Check, Dices, RotateCcw } from 'lucide-react';
import { type RefObject, useRef } from 'react';
import { DEFAULT_PANEL_THEME } from '#shared/themes.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { useAppearance } from '../appearance-context.ts';
import { usePreviewHandlers } from '../hooks/use-preview-handlers.ts';
import { panelThemeOptions, randomPanelTheme, themeNameKey } from '../model/theme-options.ts';
import { ThemeSwatch } from './theme-swatch.tsx';

const menuButton =
  'inline-flex min-h-11 w-full items-center gap-3 rounded-2xl px-3 py-1.5 text-left text-(--ink) hover:bg-(--surface)';

/**
 * The compact theme picker's list, a Radix popover anchored to the picker's button (ThemePickerCompact, which
 * loads this on demand): the eight panel themes, each previewed while pointed at or focused and applied on click;
 * Reset and Random preview. Escape, a press outside or focus leaving it closes it; Escape and applying a theme
 * give focus back to the button.
 */
export function ThemePickerPopover({
  id,
  open,
  onOpenChange,
  anchorRef,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchorRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const { applied, shown, pinnedPreview, pinPreview, apply } = useAppearance();
  const previewHandlers = usePreviewHandlers();
  const pressedOutside = useRef(false);

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef} />
      {/* Not portalled: right after the button in the page, so Tab goes on from the button into the themes. */}
      <Popover.Content
        id={id}
        align="end"
        sideOffset={8}
        collisionPadding={16}
        aria-label={t('themes.picker.label')}
        // Focus stays on the button as it opens, so opening previews nothing.
        onOpenAutoFocus={(event) => event.preventDefault()}
        // The button toggles the picker itself: a press on it is not a press outside.
        onInteractOutside={(event) => {
          if (event.target instanceof Node && anchorRef.current?.contains(event.target)) {
            event.preventDefault();
            return;
          }
          pressedOutside.current = true;
        }}
        // Focus goes back to the button, unless the member pressed elsewhere (focus goes where they pressed).
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!pressedOutside.current) anchorRef.current?.focus();
          pressedOutside.current = false;
        }}
        className="z-40 w-[min(20rem,calc(100vw-3rem))] rounded-3xl border border-(--line) bg-(--surface-strong) p-3 shadow-(--glass-shadow) backdrop-blur-xl"
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('themes.picker.label')}</legend>
          <ul className="flex flex-col gap-1">
            {panelThemeOptions.map((option) => {
              const isApplied = option.id === applied;
              return (
                <li key={option.id}>
                  <Button
                    variant="bare"
                    {...previewHandlers(option.id)}
                    onClick={() => {
                      apply(option.id);
                      onOpenChange(false);
                    }}
                    className={`${menuButton} ${option.id === shown && !isApplied ? 'bg-(--surface)' : ''}`}
                  >
                    <ThemeSwatch swatch={option.swatch} className="size-7" />
                    <span className="flex-1">
                      <span aria-hidden="true">{option.emoji}</span> {t(option.name)}
                    </span>
                    {isApplied ? (
                      <>
                        <Check aria-hidden="true" className="size-4 text-(--accent-strong)" />
                        <span className="sr-only">{t('themes.picker.applied')}</span>
                      </>
                    ) : null}
                  </Button>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap gap-1 border-t border-(--line) pt-2">
            <Button
              variant="bare"
              onClick={() => pinPreview(DEFAULT_PANEL_THEME)}
              className={`${menuButton} w-auto flex-1 justify-center`}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('themes.reset')}
            </Button>
            <Button
              variant="bare"
              onClick={() => pinPreview(randomPanelTheme(shown))}
              className={`${menuButton} w-auto flex-1 justify-center`}
            >
              <Dices aria-hidden="true" className="size-4" />
              {t('themes.random')}
            </Button>
          </div>
          {pinnedPreview && pinnedPreview !== applied ? (
            <p role="status" className="px-1 text-sm text-(--ink-muted)">
              {t('themes.picker.previewing', { theme: t(themeNameKey(pinnedPreview)) })}
            </p>
          ) : null}
        </fieldset>
      </Popover.Content>
    </Popover.Root>
  );
}
