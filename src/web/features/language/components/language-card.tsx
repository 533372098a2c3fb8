import { Languages } from 'lucide-react';
import { useId } from 'react';
import { isLanguage, type Language, languageNames, languages, pickLanguage } from '#shared/language.ts';
import { useProfileMe } from '#web/features/profile/api/get-profile-me.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { translate, useLanguage, useT } from '#web/lib/i18n/use-t.ts';
import { Select } from '#web/ui/field.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { toast } from '#web/ui/toast.ts';
import { useSaveLanguage } from '../api/save-language.ts';

const BROWSER = 'browser';

/**
 * Settings' "Language" card: English or Español, or whatever this browser prefers. The interface switches the
 * moment the member chooses, then the choice is saved on the profile for their other devices.
 */
export function LanguageCard() {
  const t = useT();
  const id = useId();
  const shown = useLanguage();
  const profile = useProfileMe();
  const save = useSaveLanguage();
  const saved = profile.data?.language ?? null;

  async function choose(value: string) {
    const choice: Language | null = isLanguage(value) ? value : null;
    await activateLanguage(choice ?? pickLanguage(navigator.languages ?? [navigator.language]));
    // `translate`, not `t`: the message is said in the language just chosen.
    save.mutate(choice, { onError: () => toast.error(translate('language.saveFailed')) });
  }

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-(--ink)">
        <Languages aria-hidden="true" className="size-5 text-(--accent)" />
        {t('language.heading')}
      </h2>
      <p id={`${id}-help`} className="text-sm text-(--ink-muted)">
        {t('language.help')}
      </p>
      <Select
        aria-labelledby={`${id}-heading`}
        aria-describedby={`${id}-help`}
        value={saved ?? BROWSER}
        disabled={profile.isPending}
        onChange={(event) => void choose(event.target.value)}
      >
        <option value={BROWSER}>{t('language.browser', { language: languageNames[shown] })}</option>
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </Select>
    </GlassPanel>
  );
}
