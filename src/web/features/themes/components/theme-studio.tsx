import { Dices, RotateCcw } from 'lucide-react';
import { useEffect, useId } from 'react';
import { DEFAULT_PANEL_THEME, themeLabel } from '#shared/themes.ts';
import { Button } from '#web/ui/button.tsx';
import { useAppearance } from '../appearance-context.ts';
import { panelThemeOptions, randomPanelTheme } from '../model/theme-options.ts';
import { ThemeOptionGrid } from './theme-option-grid.tsx';

/**
 * The full theme studio (part 1 §2, §4): the eight panel themes to preview and apply, and Reset and Random,
 * which only preview. Leaving the page ends any preview.
 */
export function ThemeStudio() {
  const headingId = useId();
  const { applied, pinnedPreview, pinPreview, previewWhileOver, shown, apply } = useAppearance();

  useEffect(
    () => () => {
      previewWhileOver(null);
      pinPreview(null);
    },
    [previewWhileOver, pinPreview],
  );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-(--ink)">
          Theme Studio
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => pinPreview(DEFAULT_PANEL_THEME)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Reset
          </Button>
          <Button variant="secondary" onClick={() => pinPreview(randomPanelTheme(shown))}>
            <Dices aria-hidden="true" className="size-4" />
            Random
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-(--ink-muted)">
          {pinnedPreview && pinnedPreview !== applied
            ? `Previewing ${themeLabel(pinnedPreview)}. Apply it to keep it.`
            : `Applied: ${themeLabel(applied)}. Point at or focus a theme to preview it.`}
        </p>
        {pinnedPreview && pinnedPreview !== applied ? (
          <Button onClick={() => apply(pinnedPreview)}>Apply preview ({themeLabel(pinnedPreview)})</Button>
        ) : null}
      </div>
      <ThemeOptionGrid options={panelThemeOptions} label="Panel themes" />
    </section>
  );
}
