import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiProviderId } from '#shared/ai.ts';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { buildProfileMe } from '#tests/factories/build-profile.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import {
  type GenerationOptions,
  readyAnswer,
  serveGeneration,
} from '#tests/web-kit/generation/generation-handlers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { renderSettings } from '#tests/web-kit/settings/render-settings.tsx';
import { wallpaperStyleOptions } from '../model/wallpaper-styles.ts';
import { CosmicWallpapersTab } from './cosmic-wallpapers-tab.tsx';

/** The server of this tab: the catalogue says which providers are configured; wallpapers are saved in `profile`. */
function wallpaperServer(configured: AiProviderId[], onStatus?: GenerationOptions['onStatus']) {
  // Added in turn, each answering before the ones added earlier: the rest of the member's data, the
  // generation routes, then this tab's own.
  server.use(...emptyMemberDataHandlers());
  const generation = serveGeneration({ onStatus });
  const profile = buildProfileMe();
  server.use(
    http.get('/api/ai/models', () =>
      HttpResponse.json({
        data: staticModelCatalogue,
        configured,
        defaults: { provider: 'openrouter', model: 'openrouter/auto' },
      }),
    ),
    http.get('/api/profile/me', () => HttpResponse.json(profile)),
    http.post('/api/profile/set-wallpaper', async ({ request }) => {
      const change = (await request.json()) as { wallpaperUrl?: string; wallpaperCss?: string };
      if (change.wallpaperUrl !== undefined)
        profile.wallpaper_url = change.wallpaperUrl
          ? '/api/wallpapers/1/0b7f3c1e-5d2a-4c55-9f4e-1f2a3b4c5d6e.png'
          : null;
      if (change.wallpaperCss !== undefined) profile.wallpaper_css = change.wallpaperCss || null;
      return HttpResponse.json({
        wallpaper_url: profile.wallpaper_url,
        wallpaper_css: profile.wallpaper_css,
      });
    }),
  );
  return { generation };
}

afterEach(() => vi.useRealTimers());

describe('CosmicWallpapersTab', () => {
  it('generates at 1792x1024 on the first configured image service, polls every second, and sets the wallpaper', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { generation } = wallpaperServer(['openrouter', 'straico'], (job, check) =>
      check < 3 ? job : readyAnswer(job, ['/api/ai/jobs/0b7f3c1e-5d2a-4c55-9f4e-1f2a3b4c5d6e/outputs/0']),
    );
    const { user } = renderSettings(<CosmicWallpapersTab />);
    const generate = await screen.findByRole('button', { name: 'Generate wallpaper' });
    await waitFor(() => expect(generate).toBeEnabled());
    await user.click(screen.getByRole('radio', { name: 'Miami Sunset' }));
    await user.click(generate);

    await waitFor(() => expect(requestsTo('/api/ai/image', 'POST')).toHaveLength(1));
    expect(JSON.parse(requestsTo('/api/ai/image', 'POST')[0]?.body ?? '{}')).toEqual({
      provider: 'openrouter',
      model: 'google/gemini-2.5-flash-image',
      prompt: wallpaperStyleOptions[1]?.prompt,
      size: '1792x1024',
    });
    const [job] = generation.jobs();
    expect(await screen.findByRole('status')).toHaveTextContent('Painting your wallpaper…');
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(generation.checksOf(job?.jobId ?? '')).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(generation.checksOf(job?.jobId ?? '')).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(generation.checksOf(job?.jobId ?? '')).toBe(3));

    expect(await screen.findByRole('img', { name: 'Your new wallpaper' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set as wallpaper' }));
    await waitFor(() =>
      expect(requestsTo('/api/profile/set-wallpaper', 'POST').map((r) => JSON.parse(r.body ?? ''))).toEqual([
        { wallpaperUrl: '/api/ai/jobs/0b7f3c1e-5d2a-4c55-9f4e-1f2a3b4c5d6e/outputs/0', wallpaperCss: '' },
      ]),
    );
    // The profile reloads and the page wears the new wallpaper.
    await waitFor(() => expect(document.body.dataset.wallpaper).toBe('image'));
  });

  it('stops after 30 checks and only logs it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { generation } = wallpaperServer(['fal']);
    const { user } = renderSettings(<CosmicWallpapersTab />);
    const generate = await screen.findByRole('button', { name: 'Generate wallpaper' });
    await waitFor(() => expect(generate).toBeEnabled());
    await user.click(generate);
    await waitFor(() => expect(generation.jobs()).toHaveLength(1));
    const jobId = generation.jobs()[0]?.jobId ?? '';
    // Real time runs too (shouldAdvanceTime, which waitFor needs), so on a busy machine one step can see two
    // checks: count the schedule up to its 30th check rather than one check per step.
    for (let step = 0; step < 60 && generation.checksOf(jobId) < 30; step += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1_000));
    }
    await waitFor(() => expect(generation.checksOf(jobId)).toBe(30));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(generation.checksOf(jobId)).toBe(30);
    await waitFor(() =>
      expect(takeConsoleErrors()).toEqual([
        `error: Wallpaper generation timed-out (job ${jobId}): no reason given`,
      ]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what the operator must configure without an image service, and the gradients still work', async () => {
    wallpaperServer([]);
    const { user } = renderSettings(<CosmicWallpapersTab />);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'the operator must set FAL_KEY, OPENROUTER_API_KEY or STRAICO_API_KEY',
    );
    expect(screen.getByRole('button', { name: 'Generate wallpaper' })).toBeDisabled();

    const nebula = wallpaperStyleOptions[0];
    await user.click(screen.getByRole('button', { name: 'Use the Pastel Nebula gradient' }));
    await waitFor(() =>
      expect(requestsTo('/api/profile/set-wallpaper', 'POST').map((r) => JSON.parse(r.body ?? ''))).toEqual([
        { wallpaperUrl: '', wallpaperCss: nebula?.gradient },
      ]),
    );
    await waitFor(() => expect(document.body.dataset.wallpaper).toBe('gradient'));
    expect(await screen.findByText('· Current')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove wallpaper' }));
    await waitFor(() => expect(document.body.dataset.wallpaper).toBeUndefined());
  });
});
