import { Dices, RotateCcw } from 'lucide-react';
import { useEffect, useId } from 'react';
import { DEFAULT_PANEL_THEME } from '#shared/themes.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { useAppearance } from '../appearance-context.ts';
import { panelThemeOptions, randomPanelTheme, themeNameKey } from '../model/theme-options.ts';
import { ThemeOptionGrid } from './theme-option-grid.tsx';

/**
 * The full theme studio: the eight panel themes to preview and apply, and Reset and Random,
 * which only preview. Leaving the page ends any preview.
 */
export function ThemeStudio() {
  const t = useT();
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
          {t('themes.studio.heading')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => pinPreview(DEFAULT_PANEL_THEME)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('themes.reset')}
          </Button>
          <Button variant="secondary" onClick={() => pinPreview(randomPanelTheme(shown))}>
            <Dices aria-hidden="true" className="size-4" />
            {t('themes.random')}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-(--ink-muted)">
          {pinnedPreview && pinnedPreview !== applied
            ? t('themes.studio.previewing', { theme: t(themeNameKey(pinnedPreview)) })
            : t('themes.studio.applied', { theme: t(themeNameKey(applied)) })}
        </p>
        {pinnedPreview && pinnedPreview !== applied ? (
          <Button onClick={() => apply(pinnedPreview)}>
            {t('themes.studio.applyPreview', { theme: t(themeNameKey(pinnedPreview)) })}
          </Button>
        ) : null}
      </div>
      <ThemeOptionGrid options={panelThemeOptions} label={t('themes.studio.listLabel')} />
    </section>
  );
}
