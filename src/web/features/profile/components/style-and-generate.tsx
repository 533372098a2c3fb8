import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { ChoiceCard } from '#web/ui/choice-card.tsx';

export type StyleOption<Style extends string> = { style: Style; label: string; description?: string };

// Whole class names, so Tailwind sees them.
const columnsClass = { 2: 'grid gap-2 sm:grid-cols-2', 3: 'grid gap-2 sm:grid-cols-3' } as const;

/**
 * The style chooser and the Generate button of the settings' image generators (Avatar Magic, Cosmic
 * Wallpapers): a radio group of styles, locked while a picture is being made, then Generate, and a status line
 * saying what is under way.
 */
export function StyleAndGenerate<Style extends string>({
  options,
  columns,
  selected,
  onSelect,
  busy,
  canGenerate = true,
  onGenerate,
  generateLabel,
  busyText,
}: {
  options: readonly StyleOption<Style>[];
  columns: keyof typeof columnsClass;
  selected: Style;
  onSelect: (style: Style) => void;
  busy: boolean;
  canGenerate?: boolean;
  onGenerate: () => void;
  generateLabel: string;
  busyText: string;
}) {
  const t = useT();
  const name = useId();
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-(--ink)">{t('profile.style.legend')}</legend>
        <div className={columnsClass[columns]}>
          {options.map((option) => (
            <ChoiceCard
              key={option.style}
              name={name}
              value={option.style}
              checked={selected === option.style}
              label={option.label}
              description={option.description}
              disabled={busy}
              onSelect={() => onSelect(option.style)}
            />
          ))}
        </div>
      </fieldset>
      <Button busy={busy} disabled={!canGenerate} onClick={onGenerate} className="self-start">
        <Sparkles aria-hidden="true" className="size-5" />
        {generateLabel}
      </Button>
      {busy ? (
        <p role="status" className="text-(--ink-muted)">
          {busyText}
        </p>
      ) : null}
    </>
  );
}
