import { Check } from 'lucide-react';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { useAppearance } from '../appearance-context.ts';
import { usePreviewHandlers } from '../hooks/use-preview-handlers.ts';
import type { ThemeOption } from '../model/theme-options.ts';
import { ThemeSwatch } from './theme-swatch.tsx';

/**
 * Theme cards: swatch, emoji, name, description and an Apply button. Pointing at a card or focusing its button
 * previews the theme; Apply keeps it.
 */
export function ThemeOptionGrid({
  options,
  label,
  applyLabel = 'themes.option.apply',
}: {
  options: readonly ThemeOption[];
  label: string;
  /**
   * Each Apply button's name, a message taking `{theme}`: where two lists share names, it says which list
   * ("Apply Cosmic Pink color theme").
   */
  applyLabel?: MessageKey;
}) {
  const t = useT();
  const { applied, shown, apply } = useAppearance();
  const previewHandlers = usePreviewHandlers();

  return (
    <ul aria-label={label} className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,13rem),1fr))] gap-3">
      {options.map((option) => {
        const isApplied = option.id === applied;
        const { onMouseEnter, onMouseLeave, onFocus, onBlur } = previewHandlers(option.id);
        return (
          <li
            key={option.id}
            data-theme-option={option.id}
            onMouseEnter={onMouseEnter}
            onMouseLeave={onMouseLeave}
            className={`flex flex-col gap-3 rounded-3xl border bg-(--surface-strong) p-4 ${
              isApplied ? 'border-(--accent)' : 'border-(--line)'
            }`}
          >
            <div className="flex items-center gap-3">
              <ThemeSwatch swatch={option.swatch} className="size-12" />
              <div className="min-w-0">
                <p className="font-bold break-words text-(--ink)">
                  <span aria-hidden="true">{option.emoji}</span> {t(option.name)}
                </p>
                {isApplied ? (
                  <p className="text-sm font-semibold text-(--accent-strong)">{t('themes.option.applied')}</p>
                ) : option.id === shown ? (
                  <p className="text-sm font-semibold text-(--accent-strong)">
                    {t('themes.option.previewing')}
                  </p>
                ) : null}
              </div>
            </div>
            <p className="flex-1 text-sm text-(--ink-muted)">{t(option.description)}</p>
            <Button
              variant="bare"
              aria-label={t(applyLabel, { theme: t(option.name) })}
              onClick={() => apply(option.id)}
              onFocus={onFocus}
              onBlur={onBlur}
              className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 font-semibold transition-colors ${
                isApplied
                  ? 'bg-(--accent) text-(--on-accent) hover:bg-(--accent-strong)'
                  : 'border border-(--line) text-(--ink) hover:bg-(--surface)'
              }`}
            >
              {isApplied ? <Check aria-hidden="true" className="size-4" /> : null}
              {t('themes.option.applyButton')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
