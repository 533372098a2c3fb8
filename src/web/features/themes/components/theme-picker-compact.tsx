import { ChevronDown, Palette } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { isPanelThemeId, panelThemes } from '#shared/themes.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { useAppearance } from '../appearance-context.ts';
import { themeNameKey } from '../model/theme-options.ts';

/**
 * The popover's code (Radix Popover and its positioning, about 12 KB gzip) loads when the button is pointed at,
 * focused or pressed, not with the dashboard: most visits never open it.
 */
const loadPopover = () =>
  import('./theme-picker-popover.tsx').then((module) => ({ default: module.ThemePickerPopover }));
const ThemePickerPopover = lazy(loadPopover);

/**
 * The theme studio as a compact dropdown for the dashboard's header: a button naming the applied
 * theme, and the popover of themes (ThemePickerPopover) right after it, so Tab goes on from the button into the
 * themes. Closing it ends any preview.
 */
export function ThemePickerCompact() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { applied, previewWhileOver, pinPreview } = useAppearance();
  const current = isPanelThemeId(applied) ? panelThemes[applied] : null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setMounted(true);
      return;
    }
    previewWhileOver(null);
    pinPreview(null);
  }

  return (
    <>
      <Button
        variant="bare"
        ref={buttonRef}
        aria-label={t('themes.picker.buttonLabel', { theme: t(themeNameKey(applied)) })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={() => onOpenChange(!open)}
        className="glass inline-flex min-h-11 items-center gap-2 rounded-full px-4 py-2 font-semibold text-(--ink) hover:bg-(--surface-strong)"
      >
        <Palette aria-hidden="true" className="size-5" />
        {t('themes.picker.button')}
        <span className="font-normal text-(--ink-muted)">
          <span aria-hidden="true">{current?.emoji ?? '🎨'}</span> {t(themeNameKey(applied))}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ThemePickerPopover id={id} open={open} onOpenChange={onOpenChange} anchorRef={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
