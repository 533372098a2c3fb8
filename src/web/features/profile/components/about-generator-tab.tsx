import { Save, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { TOAST_MS } from '#shared/constants.ts';
import { PROFILE_LIMITS } from '#shared/profile.ts';
import { translate, useLanguage, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { Field, Textarea } from '#web/ui/field.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { toast } from '#web/ui/toast.ts';
import { useGenerateBio } from '../api/generate-bio.ts';
import type { ProfileDraftState } from '../hooks/use-profile-draft.ts';
import {
  BIO_EMPTY,
  BIO_FAILED,
  type BioLength,
  bioLengthButtons,
  bioLengths,
  bioMessages,
} from '../model/bio.ts';

/**
 * About Generator: a concise (80–120 words) or detailed (200–250 words) bio written by the
 * member's AI through `POST /api/ai/chat`, placed into the bio, which the member can edit and save. On failure
 * a fixed text goes into the bio instead; both buttons wait while one works.
 */
export function AboutGeneratorTab({ form }: { form: ProfileDraftState }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const generate = useGenerateBio();
  const [generating, setGenerating] = useState<BioLength | null>(null);
  const { draft } = form;
  if (!draft) return <Spinner label={t('profile.loading')} />;
  const current = draft;

  function write(length: BioLength) {
    setGenerating(length);
    generate.mutate(
      bioMessages(
        length,
        {
          displayName: current.display_name,
          tags: current.tags,
          currentBio: current.about,
        },
        language,
      ),
      {
        onSuccess: (text) =>
          form.change({ about: text.slice(0, PROFILE_LIMITS.aboutMax) || translate(BIO_EMPTY) }),
        onError: (error) => {
          console.error(`Failed to generate bio: ${error.message}`);
          form.change({ about: translate(BIO_FAILED) });
        },
        onSettled: () => setGenerating(null),
      },
    );
  }

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-(--ink)">
          {t('profile.bio.heading')}
        </h2>
        <p className="text-(--ink-muted)">{t('profile.bio.intro')}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        {(Object.keys(bioLengths) as BioLength[]).map((length) => (
          <Button
            key={length}
            variant={length === 'concise' ? 'primary' : 'secondary'}
            busy={generating === length}
            disabled={generating !== null}
            onClick={() => write(length)}
          >
            <Sparkles aria-hidden="true" className="size-4" />
            {t(bioLengthButtons[length])}
          </Button>
        ))}
      </div>
      {generating ? (
        <p role="status" className="text-(--ink-muted)">
          {t('profile.bio.writing')}
        </p>
      ) : null}
      <Field label={t('profile.bio.label')}>
        <Textarea
          value={draft.about}
          maxLength={PROFILE_LIMITS.aboutMax}
          rows={8}
          onChange={(event) => form.change({ about: event.target.value })}
          className="py-3!"
        />
      </Field>
      {form.saveError ? <Alert>{form.saveError}</Alert> : null}
      <Button
        busy={form.saving}
        disabled={generating !== null}
        className="self-start"
        onClick={() =>
          form.save(() => toast.success(translate('profile.bio.saved'), { duration: TOAST_MS.success }))
        }
      >
        <Save aria-hidden="true" className="size-5" />
        {t('profile.bio.save')}
      </Button>
    </GlassPanel>
  );
}
