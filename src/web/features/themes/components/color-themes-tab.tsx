import { useId } from 'react';
import { ThemeOptionGrid } from '#web/features/themes/components/theme-option-grid.tsx';
import { ThemeStudio } from '#web/features/themes/components/theme-studio.tsx';
import { tokenThemeOptions } from '#web/features/themes/model/theme-options.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';

/**
 * Color Themes: the full theme studio's eight panel themes, and the six token themes of the
 * settings version, applied with `POST /api/theme/apply {name, tokens}`. Both preview on hover or focus.
 */
export function ColorThemesTab() {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-6">
      <GlassPanel>
        <ThemeStudio />
      </GlassPanel>
      <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-heading`} className="text-xl font-bold text-(--ink)">
            {t('themes.colorThemes.heading')}
          </h2>
          <p className="text-(--ink-muted)">{t('themes.colorThemes.intro')}</p>
        </div>
        <ThemeOptionGrid
          options={tokenThemeOptions}
          label={t('themes.colorThemes.listLabel')}
          applyLabel="themes.option.applyColorTheme"
        />
      </GlassPanel>
    </div>
  );
}
