import { ImageIcon, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { TOAST_MS } from '#shared/constants.ts';
import type { GenerationAnswer } from '#shared/generation.ts';
import { WALLPAPER_SIZE, type WallpaperStyle } from '#shared/profile.ts';
import { useAiModels } from '#web/features/ai/api/get-ai-models.ts';
import { useStartGeneration } from '#web/features/generation/api/start-generation.ts';
import { useGenerationJob } from '#web/features/generation/hooks/use-generation-job.ts';
import { wallpaperPollSchedule } from '#web/features/generation/model/poll-schedule.ts';
import { useProfileMe } from '#web/features/profile/api/get-profile-me.ts';
import { type MessageKey, translate, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { toast } from '#web/ui/toast.ts';
import { useSetWallpaper } from '../api/set-wallpaper.ts';
import { chooseImageModel } from '../model/image-provider.ts';
import { wallpaperStyleOptions } from '../model/wallpaper-styles.ts';
import { StyleAndGenerate } from './style-and-generate.tsx';

/**
 * Cosmic Wallpapers: an AI wallpaper in one of four styles through `POST /api/ai/image` at
 * 1792x1024 on the first image service the operator configured, a pending one polled every second at most 30
 * times; and the same four moods as CSS gradients, which need no AI at all. Either can be set as the wallpaper,
 * which every page then shows (restored at start-up). Generation failures are only logged.
 */
export function CosmicWallpapersTab() {
  const t = useT();
  const id = useId();
  const me = useProfileMe();
  const models = useAiModels();
  const imageModel = models.data ? chooseImageModel(models.data.configured) : null;
  const [style, setStyle] = useState<WallpaperStyle>('pastel-nebula');
  const [seed, setSeed] = useState<GenerationAnswer | null>(null);
  const start = useStartGeneration();
  const job = useGenerationJob(seed, wallpaperPollSchedule);
  const setWallpaper = useSetWallpaper();
  const generating = start.isPending || job?.phase === 'generating';
  const readyUrl = job?.phase === 'ready' ? (job.answer.url ?? job.answer.urls[0] ?? null) : null;
  const hasWallpaper = Boolean(me.data?.wallpaper_url || me.data?.wallpaper_css);

  // A job that will not finish is logged once (wallpaper failures are not shown).
  const failedPhase = job && job.phase !== 'generating' && job.phase !== 'ready' ? job.phase : null;
  const failedJobId = failedPhase ? job?.answer.jobId : undefined;
  const failedReason = failedPhase ? job?.answer.error : undefined;
  useEffect(() => {
    if (failedPhase) {
      console.error(
        `Wallpaper generation ${failedPhase} (job ${failedJobId}): ${failedReason ?? 'no reason given'}`,
      );
    }
  }, [failedPhase, failedJobId, failedReason]);

  function generate() {
    if (!imageModel) return;
    const prompt = wallpaperStyleOptions.find((option) => option.style === style)?.prompt ?? '';
    setSeed(null);
    start.mutate(
      { kind: 'ai-image', body: { ...imageModel, prompt, size: WALLPAPER_SIZE } },
      {
        onSuccess: setSeed,
        onError: (error) => console.error(`Wallpaper generation failed: ${error.message}`),
      },
    );
  }

  function saveWallpaper(change: { wallpaperUrl: string; wallpaperCss: string }, done: MessageKey) {
    setWallpaper.mutate(change, {
      onSuccess: () => toast.success(translate(done), { duration: TOAST_MS.success }),
      onError: (error) => console.error(`Failed to set wallpaper: ${error.message}`),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <GlassPanel aria-labelledby={`${id}-ai`} className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-ai`} className="text-xl font-bold text-(--ink)">
            {t('profile.wallpaper.heading')}
          </h2>
          <p className="text-(--ink-muted)">{t('profile.wallpaper.intro')}</p>
        </div>
        {models.data && !imageModel ? (
          <Alert tone="info">{t('profile.wallpaper.notConfigured')}</Alert>
        ) : null}
        <StyleAndGenerate
          options={wallpaperStyleOptions.map((option) => ({ style: option.style, label: t(option.label) }))}
          columns={2}
          selected={style}
          onSelect={setStyle}
          busy={generating}
          canGenerate={imageModel !== null}
          onGenerate={generate}
          generateLabel={t('profile.wallpaper.generate')}
          busyText={t('profile.wallpaper.generating')}
        />
        {readyUrl ? (
          <div className="flex flex-col gap-3">
            <img
              src={readyUrl}
              alt={t('profile.wallpaper.newAlt')}
              referrerPolicy="no-referrer"
              className="aspect-[1792/1024] w-full max-w-xl rounded-3xl object-cover ring-2 ring-(--line)"
            />
            <Button
              busy={setWallpaper.isPending}
              className="self-start"
              onClick={() =>
                saveWallpaper({ wallpaperUrl: readyUrl, wallpaperCss: '' }, 'profile.wallpaper.setDone')
              }
            >
              <ImageIcon aria-hidden="true" className="size-5" />
              {t('profile.wallpaper.set')}
            </Button>
          </div>
        ) : null}
      </GlassPanel>

      <GlassPanel aria-labelledby={`${id}-gradients`} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${id}-gradients`} className="text-xl font-bold text-(--ink)">
            {t('profile.wallpaper.gradientsHeading')}
          </h2>
          {hasWallpaper ? (
            <Button
              variant="secondary"
              busy={setWallpaper.isPending}
              onClick={() =>
                saveWallpaper({ wallpaperUrl: '', wallpaperCss: '' }, 'profile.wallpaper.removed')
              }
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('profile.wallpaper.remove')}
            </Button>
          ) : null}
        </div>
        <p className="text-(--ink-muted)">{t('profile.wallpaper.gradientsIntro')}</p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {wallpaperStyleOptions.map((option) => {
            const current = me.data?.wallpaper_css === option.gradient && !me.data?.wallpaper_url;
            const label = t(option.label);
            return (
              <li
                key={option.style}
                className={`flex flex-col gap-3 rounded-3xl border bg-(--surface-strong) p-3 ${
                  current ? 'border-(--accent)' : 'border-(--line)'
                }`}
              >
                <span
                  aria-hidden="true"
                  className="block aspect-[1792/1024] w-full rounded-2xl"
                  style={{ backgroundImage: option.gradient }}
                />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-(--ink)">
                    {label}
                    {current ? (
                      <span className="text-(--accent-strong)"> {t('profile.wallpaper.current')}</span>
                    ) : null}
                  </span>
                  <Button
                    variant="secondary"
                    aria-label={t('profile.wallpaper.useGradient', { style: label })}
                    disabled={setWallpaper.isPending}
                    onClick={() =>
                      saveWallpaper(
                        { wallpaperUrl: '', wallpaperCss: option.gradient },
                        'profile.wallpaper.setDone',
                      )
                    }
                  >
                    {t('profile.wallpaper.use')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </GlassPanel>
    </div>
  );
}
