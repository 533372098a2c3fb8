import { ImageIcon, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { TOAST_MS } from '#shared/constants.ts';
import type { GenerationAnswer } from '#shared/generation.ts';
import { WALLPAPER_SIZE, type WallpaperStyle } from '#shared/profile.ts';
import { useAiModels } from '#web/features/ai/api/get-ai-models.ts';
import { useStartGeneration } from '#web/features/generation/api/start-generation.ts';
import { useGenerationJob } from '#web/features/generation/hooks/use-generation-job.ts';
import { wallpaperPollSchedule } from '#web/features/generation/model/poll-schedule.ts';
import { useProfileMe } from '#web/features/profile/api/get-profile-me.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { useSetWallpaper } from '../api/set-wallpaper.ts';
import { chooseImageModel, IMAGE_KEYS_HINT } from '../model/image-provider.ts';
import { wallpaperStyleOptions } from '../model/wallpaper-styles.ts';
import { StyleAndGenerate } from './style-and-generate.tsx';

/**
 * Cosmic Wallpapers (part 1 §2, §4, §9): an AI wallpaper in one of four styles through `POST /api/ai/image` at
 * 1792x1024 on the first image service the operator configured, a pending one polled every second at most 30
 * times; and the same four moods as CSS gradients, which need no AI at all. Either can be set as the wallpaper,
 * which every page then shows (restored at start-up). Generation failures are only logged (part 1 §8).
 */
export function CosmicWallpapersTab() {
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

  // A job that will not finish is logged once (part 1 §8: wallpaper failures are not shown).
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

  function saveWallpaper(change: { wallpaperUrl: string; wallpaperCss: string }, done: string) {
    setWallpaper.mutate(change, {
      onSuccess: () => toast.success(done, { duration: TOAST_MS.success }),
      onError: (error) => console.error(`Failed to set wallpaper: ${error.message}`),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <GlassPanel aria-labelledby={`${id}-ai`} className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-ai`} className="text-xl font-bold text-(--ink)">
            Cosmic Wallpapers
          </h2>
          <p className="text-(--ink-muted)">An AI-painted backdrop for every page, in wide 1792×1024.</p>
        </div>
        {models.data && !imageModel ? (
          <Alert tone="info">
            No image service is configured: to generate wallpapers, the operator must set {IMAGE_KEYS_HINT}.
            The gradient wallpapers below work without them.
          </Alert>
        ) : null}
        <StyleAndGenerate
          options={wallpaperStyleOptions}
          columns={2}
          selected={style}
          onSelect={setStyle}
          busy={generating}
          canGenerate={imageModel !== null}
          onGenerate={generate}
          generateLabel="Generate wallpaper"
          busyText="Painting your wallpaper…"
        />
        {readyUrl ? (
          <div className="flex flex-col gap-3">
            <img
              src={readyUrl}
              alt="Your new wallpaper"
              referrerPolicy="no-referrer"
              className="aspect-[1792/1024] w-full max-w-xl rounded-3xl object-cover ring-2 ring-(--line)"
            />
            <Button
              busy={setWallpaper.isPending}
              className="self-start"
              onClick={() => saveWallpaper({ wallpaperUrl: readyUrl, wallpaperCss: '' }, 'Wallpaper set')}
            >
              <ImageIcon aria-hidden="true" className="size-5" />
              Set as wallpaper
            </Button>
          </div>
        ) : null}
      </GlassPanel>

      <GlassPanel aria-labelledby={`${id}-gradients`} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${id}-gradients`} className="text-xl font-bold text-(--ink)">
            Gradient wallpapers
          </h2>
          {hasWallpaper ? (
            <Button
              variant="secondary"
              busy={setWallpaper.isPending}
              onClick={() => saveWallpaper({ wallpaperUrl: '', wallpaperCss: '' }, 'Wallpaper removed')}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove wallpaper
            </Button>
          ) : null}
        </div>
        <p className="text-(--ink-muted)">The same four moods, drawn by your browser: no AI needed.</p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {wallpaperStyleOptions.map((option) => {
            const current = me.data?.wallpaper_css === option.gradient && !me.data?.wallpaper_url;
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
                    {option.label}
                    {current ? <span className="text-(--accent-strong)"> · Current</span> : null}
                  </span>
                  <Button
                    variant="secondary"
                    aria-label={`Use the ${option.label} gradient`}
                    disabled={setWallpaper.isPending}
                    onClick={() =>
                      saveWallpaper({ wallpaperUrl: '', wallpaperCss: option.gradient }, 'Wallpaper set')
                    }
                  >
                    Use
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
