import { UserRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { TOAST_MS } from '#shared/constants.ts';
import { type AvatarStyle, DEFAULT_DISPLAY_NAME } from '#shared/profile.ts';
import { useProfileMe } from '#web/features/profile/api/get-profile-me.ts';
import { ProfileAvatar } from '#web/features/profile/components/profile-avatar.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { translate, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { toast } from '#web/ui/toast.ts';
import { useAvatarJob, useGenerateAvatar, useSetAvatar } from '../api/avatar.ts';
import { avatarStyleOptions } from '../model/avatar-styles.ts';
import { StyleAndGenerate } from './style-and-generate.tsx';

/**
 * Avatar Magic: a style (cartoon, named after the member; stage-diva; parrot-pals), then
 * generating; the answer is ready, or pending and polled on the avatar schedule until ready or failed, at most
 * 15 checks. A ready avatar can be set as the member's avatar. Failures and timeouts are only logged; a
 * server without an image service says what the operator must configure.
 */
export function AvatarMagicTab() {
  const t = useT();
  const id = useId();
  const me = useProfileMe();
  const displayName = me.data?.display_name ?? DEFAULT_DISPLAY_NAME;
  const styles = avatarStyleOptions(displayName);
  const choices = styles.map((option) => ({
    style: option.style,
    label: t(option.label, { name: option.name }),
    description: t(option.description),
  }));
  const [style, setStyle] = useState<AvatarStyle>('cartoon');
  const [jobId, setJobId] = useState<string | null>(null);
  const [readyUrl, setReadyUrl] = useState<string | null>(null);
  const [notConfigured, setNotConfigured] = useState<string | null>(null);
  const generate = useGenerateAvatar();
  const job = useAvatarJob(jobId);
  const setAvatar = useSetAvatar();
  const polling = jobId !== null && job.answer.status === 'pending' && !job.checkFailed && !job.outOfChecks;
  const busy = generate.isPending || polling;

  // The poll's outcome: a picture to offer, or a failure for the log (a failed avatar is not shown, only
  // logged).
  useEffect(() => {
    if (jobId === null) return;
    if (job.answer.status === 'ready' && job.answer.url) {
      setReadyUrl(job.answer.url);
      setJobId(null);
    } else if (job.answer.status === 'failed') {
      console.error(`Avatar generation failed: ${job.answer.error ?? 'no reason given'}`);
      setJobId(null);
    } else if (job.checkFailed) {
      console.error(`Failed to check the avatar: ${job.error?.message ?? 'unknown error'}`);
      setJobId(null);
    } else if (job.outOfChecks) {
      console.error(`Avatar generation timed out after ${job.checksMade} checks`);
      setJobId(null);
    }
  }, [jobId, job.answer, job.checkFailed, job.outOfChecks, job.checksMade, job.error]);

  function start() {
    const prompt = styles.find((option) => option.style === style)?.prompt ?? '';
    setReadyUrl(null);
    setNotConfigured(null);
    generate.mutate(prompt, {
      onSuccess: (answer) => {
        if (answer.status === 'ready' && answer.url) setReadyUrl(answer.url);
        else if (answer.status === 'pending' && answer.jobId) setJobId(answer.jobId);
        else console.error(`Avatar generation failed: ${answer.error ?? 'no reason given'}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'provider_not_configured') {
          setNotConfigured(error.message);
        } else {
          console.error(`Avatar generation failed: ${error.message}`);
        }
      },
    });
  }

  function setAsAvatar(url: string) {
    setAvatar.mutate(url, {
      onSuccess: () => {
        setReadyUrl(null);
        toast.success(translate('profile.avatar.updated'), { duration: TOAST_MS.success });
      },
      onError: (error) => console.error(`Failed to set avatar: ${error.message}`),
    });
  }

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <ProfileAvatar name={displayName} url={me.data?.avatar_url ?? null} size="lg" />
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-heading`} className="text-xl font-bold text-(--ink)">
            {t('profile.avatar.heading')}
          </h2>
          <p className="text-(--ink-muted)">{t('profile.avatar.intro')}</p>
        </div>
      </div>
      <StyleAndGenerate
        options={choices}
        columns={3}
        selected={style}
        onSelect={setStyle}
        busy={busy}
        onGenerate={start}
        generateLabel={t('profile.avatar.generate')}
        busyText={t('profile.avatar.generating')}
      />
      {notConfigured ? <Alert tone="info">{notConfigured}</Alert> : null}
      {readyUrl ? (
        <div className="flex flex-wrap items-center gap-4">
          <img
            src={readyUrl}
            alt={t('profile.avatar.newAlt')}
            referrerPolicy="no-referrer"
            className="size-32 rounded-3xl object-cover ring-2 ring-(--line)"
          />
          <Button busy={setAvatar.isPending} onClick={() => setAsAvatar(readyUrl)}>
            <UserRound aria-hidden="true" className="size-5" />
            {t('profile.avatar.set')}
          </Button>
        </div>
      ) : null}
    </GlassPanel>
  );
}
