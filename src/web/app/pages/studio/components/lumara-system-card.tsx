import { useId } from 'react';
import { type StyleMode, styleModeSchema, styleModes, systemPromptFor } from '#shared/chat-persona.ts';
import { useLanguage, useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { Field, Select } from '#web/ui/field.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { SwitchTrack } from '#web/ui/switch-track.tsx';
import { styleModeLabelKeys } from '../model/style-modes.ts';

/**
 * The Lumara System toggle and style mode, with the system prompt they send shown word for word
 * (the prompt is what the AI reads, so it is not translated). Off sends no system prompt at all.
 */
export function LumaraSystemCard({
  enabled,
  onEnabledChange,
  mode,
  onModeChange,
}: {
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  mode: StyleMode;
  onModeChange: (mode: StyleMode) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
            {t('studio.system.heading')}
          </h2>
          <Button
            variant="bare"
            role="switch"
            aria-checked={enabled}
            aria-labelledby={`${id}-heading`}
            aria-describedby={`${id}-prompt`}
            onClick={() => onEnabledChange(!enabled)}
            className="inline-flex min-h-11 items-center gap-3 rounded-2xl py-2 pr-3 text-left font-medium text-(--ink)"
          >
            <SwitchTrack on={enabled} />
            <span aria-hidden="true">{enabled ? t('studio.system.on') : t('studio.system.off')}</span>
          </Button>
        </div>
        <Field label={t('studio.system.styleMode')} className="w-full sm:w-48 xl:w-full">
          <Select value={mode} onChange={(event) => onModeChange(styleModeSchema.parse(event.target.value))}>
            {styleModes.map((styleMode) => (
              <option key={styleMode} value={styleMode}>
                {t(styleModeLabelKeys[styleMode])}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div id={`${id}-prompt`} className="rounded-2xl bg-(--surface-strong) p-4 text-sm">
        <p className="mb-1 font-semibold text-(--ink)">{t('studio.system.activePrompt')}</p>
        {/* The words the AI receives, as sent: English, with the line asking for the member's language. */}
        <p className="whitespace-pre-line text-(--ink-muted)" lang={enabled ? 'en' : undefined}>
          {enabled ? systemPromptFor(mode, language) : t('studio.system.noPrompt')}
        </p>
      </div>
    </GlassPanel>
  );
}
