import { act, screen, waitFor, within } from '@testing-library/react';
import { type HttpHandler, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GenerationAnswer } from '#shared/generation.ts';
import type { MediaItem } from '#shared/media.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import {
  buildAnswer,
  failedAnswer,
  type GenerationOptions,
  readyAnswer,
  serveGeneration,
} from '#tests/web-kit/generation/generation-handlers.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { buildMediaItem, serveMedia } from '#tests/web-kit/media/media-handlers.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { renderStudio } from '#tests/web-kit/studio/render-studio.tsx';
import { buildThread, serveStudio } from '#tests/web-kit/studio/studio-handlers.ts';

function studioWithMedia(
  path: string,
  generation: GenerationOptions = {},
  { media = [], before }: { media?: MediaItem[]; before?: HttpHandler[] } = {},
) {
  // Each set of handlers answers before the ones added earlier: the test's own, generation, media, the studio.
  const studio = serveStudio({ threads: [buildThread()] });
  const gallery = serveMedia(media);
  const generations = serveGeneration(generation);
  if (before) server.use(...before);
  return { ...renderStudio(path), server: studio, generations, gallery };
}

const section = (name: string) => screen.getByRole('region', { name });
const field = (region: HTMLElement, name: string) => within(region).getByRole('combobox', { name });
const numberField = (region: HTMLElement, name: string) => within(region).getByRole('spinbutton', { name });
const prompt = (region: HTMLElement, name = 'Prompt') => within(region).getByRole('textbox', { name });

/** Moves the studio's 5-second polling on by one check. */
async function nextCheck() {
  await act(() => vi.advanceTimersByTimeAsync(5_000));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Fal.ai Media: image', () => {
  it('starts from the form’s defaults and keeps Generate off until there is a prompt', async () => {
    const { user } = studioWithMedia('/studio?tab=fal');
    const image = section('fal.ai image');
    await waitFor(() => expect(field(image, 'Model')).toHaveValue('fal-ai/flux/schnell'));
    expect(within(image).getByText('Fast images in a few steps.')).toBeInTheDocument();
    expect(field(image, 'Image size')).toHaveValue('landscape_4_3');
    expect(
      within(field(image, 'Image size'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['square_hd', 'square', 'portrait_4_3', 'portrait_16_9', 'landscape_4_3', 'landscape_16_9']);
    expect(numberField(image, 'Inference steps')).toHaveValue(4);
    expect(numberField(image, 'Inference steps')).toHaveAttribute('min', '1');
    expect(numberField(image, 'Inference steps')).toHaveAttribute('max', '50');
    expect(numberField(image, 'Number of images')).toHaveValue(1);
    expect(numberField(image, 'Number of images')).toHaveAttribute('max', '4');

    const generate = within(image).getByRole('button', { name: 'Generate image' });
    expect(generate).toBeDisabled();
    await user.type(prompt(image), '   ');
    expect(generate).toBeDisabled();
    await user.type(prompt(image), 'A parrot');
    expect(generate).toBeEnabled();
  });

  it('refuses steps and image counts beyond the limits, and sends nothing', async () => {
    const { user, server } = studioWithMedia('/studio?tab=fal');
    const image = section('fal.ai image');
    await waitFor(() => expect(field(image, 'Model')).toHaveValue('fal-ai/flux/schnell'));
    await user.type(prompt(image), 'A parrot');
    await user.clear(numberField(image, 'Inference steps'));
    await user.type(numberField(image, 'Inference steps'), '60');
    await user.clear(numberField(image, 'Number of images'));
    await user.type(numberField(image, 'Number of images'), '0');
    await user.click(within(image).getByRole('button', { name: 'Generate image' }));

    expect(within(image).getByText('Steps is at most 50')).toBeInTheDocument();
    expect(within(image).getByText('Number of images is at least 1')).toBeInTheDocument();
    expect(numberField(image, 'Inference steps')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requestsTo('/api/fal/image', 'POST')).toHaveLength(0);
  });

  it('polls a pending image every 5 s, blocks Generate meanwhile, then shows it and saves it to the gallery', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, server, gallery } = studioWithMedia('/studio?tab=fal', {
      onStatus: (job, check) =>
        check < 2
          ? job
          : readyAnswer(job, ['https://fal.media/files/a.png', 'https://fal.media/files/b.png']),
    });
    const image = section('fal.ai image');
    await waitFor(() => expect(field(image, 'Model')).toHaveValue('fal-ai/flux/schnell'));
    await user.selectOptions(field(image, 'Model'), 'fal-ai/flux/dev');
    await user.selectOptions(field(image, 'Image size'), 'square_hd');
    await user.clear(numberField(image, 'Number of images'));
    await user.type(numberField(image, 'Number of images'), '2');
    await user.type(prompt(image), '  A parrot reading  ');
    await user.click(within(image).getByRole('button', { name: 'Generate image' }));

    const progress = await within(image).findByRole('status');
    expect(progress).toHaveTextContent('Generating… (check 1 of 60)');
    expect(within(image).getByRole('button', { name: 'Generating…' })).toBeDisabled();
    expect(server.bodiesTo('/api/fal/image')).toEqual([
      {
        prompt: 'A parrot reading',
        model: 'fal-ai/flux/dev',
        image_size: 'square_hd',
        num_inference_steps: 4,
        num_images: 2,
      },
    ]);

    await nextCheck();
    await waitFor(() => expect(progress).toHaveTextContent('check 2 of 60'));
    await nextCheck();
    const outputs = await within(image).findByRole('list', { name: 'Outputs' });
    await within(image).findByText('Saved to your gallery');
    expect(
      within(outputs)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['A parrot reading (1 of 2)', 'A parrot reading (2 of 2)']);
    // The saved copies are shown, not the provider's expiring links.
    expect(
      within(outputs)
        .getAllByRole('img')
        .every((img) => img.getAttribute('src')?.startsWith('/api/media/')),
    ).toBe(true);
    expect(gallery.saved()).toEqual([
      {
        media_type: 'image',
        media_url: 'https://fal.media/files/a.png',
        prompt: 'A parrot reading',
        model_id: 'fal-ai/flux/dev',
        title: 'A parrot reading',
      },
      expect.objectContaining({ media_url: 'https://fal.media/files/b.png' }),
    ]);
    expect(within(image).getByRole('link', { name: 'Open the gallery' })).toHaveAttribute(
      'href',
      '/studio?tab=gallery',
    );
    expect(within(image).getByRole('button', { name: 'Generate image' })).toBeEnabled();
  });

  it("shows 'Generation failed' in red with a cross, or the provider's reason", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reason: string | undefined;
    const { user } = studioWithMedia('/studio?tab=fal', { onStatus: (job) => failedAnswer(job, reason) });
    const image = section('fal.ai image');
    await waitFor(() => expect(field(image, 'Model')).toHaveValue('fal-ai/flux/schnell'));
    await user.type(prompt(image), 'First');
    await user.click(within(image).getByRole('button', { name: 'Generate image' }));
    await nextCheck();
    const failure = await within(image).findByRole('alert');
    expect(failure).toHaveTextContent('Generation failed');
    expect(failure).toHaveClass('text-(--danger)');
    expect(failure.querySelector('svg')).toHaveClass('lucide-circle-x');

    reason = 'Runner disconnected';
    await user.type(prompt(image), ' again');
    await user.click(within(image).getByRole('button', { name: 'Generate image' }));
    await nextCheck();
    await waitFor(() => expect(within(image).getAllByRole('alert')).toHaveLength(2));
    expect(within(image).getAllByRole('alert')[0]).toHaveTextContent('Runner disconnected');
  });

  it("says 'Failed to check status' and checks again on request", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let broken = true;
    const { user } = studioWithMedia('/studio?tab=fal', {
      onStatus: (job) =>
        broken
          ? errorResponse(404, 'not_found', 'There is no such job')
          : readyAnswer(job, ['https://fal.media/x.png']),
    });
    const image = section('fal.ai image');
    await waitFor(() => expect(field(image, 'Model')).toHaveValue('fal-ai/flux/schnell'));
    await user.type(prompt(image), 'A parrot');
    await user.click(within(image).getByRole('button', { name: 'Generate image' }));
    await nextCheck();
    expect(await within(image).findByText('Failed to check status')).toBeInTheDocument();
    // The member may start another while this one is stuck.
    expect(within(image).getByRole('button', { name: 'Generate image' })).toBeEnabled();

    broken = false;
    await user.click(within(image).getByRole('button', { name: 'Check again' }));
    expect(await within(image).findByText('Saved to your gallery')).toBeInTheDocument();
  });

  it("says why a generation could not start (the server's reason)", async () => {
    const { user } = studioWithMedia(
      '/studio?tab=fal',
      {},
      {
        before: [
          http.post('/api/fal/image', () =>
            errorResponse(503, 'provider_not_configured', 'fal.ai is not configured: set FAL_KEY'),
          ),
        ],
      },
    );
    const image = section('fal.ai image');
    await waitFor(() => expect(field(image, 'Model')).toHaveValue('fal-ai/flux/schnell'));
    await user.type(prompt(image), 'A parrot');
    await user.click(within(image).getByRole('button', { name: 'Generate image' }));
    expect(await within(image).findByRole('alert')).toHaveTextContent(
      'Generation failed: fal.ai is not configured: set FAL_KEY',
    );
  });
});

describe('Fal.ai Media: video', () => {
  it('offers 3–10 seconds (5 to start) and the five aspect ratios (16:9 to start), and sends them', async () => {
    const { user, server } = studioWithMedia('/studio?tab=fal');
    const video = section('fal.ai video');
    await waitFor(() =>
      expect(field(video, 'Model')).toHaveValue('fal-ai/kling-video/v2.1/master/text-to-video'),
    );
    expect(numberField(video, 'Duration (seconds)')).toHaveValue(5);
    expect(numberField(video, 'Duration (seconds)')).toHaveAttribute('min', '3');
    expect(numberField(video, 'Duration (seconds)')).toHaveAttribute('max', '10');
    expect(field(video, 'Aspect ratio')).toHaveValue('16:9');
    expect(
      within(field(video, 'Aspect ratio'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['16:9', '9:16', '1:1', '4:3', '3:4']);

    await user.clear(numberField(video, 'Duration (seconds)'));
    await user.type(numberField(video, 'Duration (seconds)'), '11');
    await user.type(prompt(video), 'Waves');
    await user.click(within(video).getByRole('button', { name: 'Generate video' }));
    expect(within(video).getByText('Duration is at most 10')).toBeInTheDocument();

    await user.clear(numberField(video, 'Duration (seconds)'));
    await user.type(numberField(video, 'Duration (seconds)'), '8');
    await user.selectOptions(field(video, 'Aspect ratio'), '9:16');
    await user.click(within(video).getByRole('button', { name: 'Generate video' }));
    await waitFor(() =>
      expect(server.bodiesTo('/api/fal/video')).toEqual([
        {
          prompt: 'Waves',
          model: 'fal-ai/kling-video/v2.1/master/text-to-video',
          duration: 8,
          aspect_ratio: '9:16',
        },
      ]),
    );
  });

  it('says so when fal’s models cannot be loaded, and keeps Generate off', async () => {
    const { user } = studioWithMedia(
      '/studio?tab=fal',
      {},
      {
        before: [http.get('/api/fal/models', () => errorResponse(403, 'forbidden'))],
      },
    );
    expect(await screen.findByText(/Could not load your fal.ai models/)).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to load fal.ai models')]);
    const video = section('fal.ai video');
    expect(field(video, 'Model')).toBeDisabled();
    await user.type(prompt(video), 'Waves');
    expect(within(video).getByRole('button', { name: 'Generate video' })).toBeDisabled();
  });
});

describe('Straico Media', () => {
  it('makes a 1024x1024 image with a Straico image model through POST /api/ai/image', async () => {
    const { user, server, gallery } = studioWithMedia('/studio?tab=straico', {
      onStart: (_path, body) =>
        readyAnswer(
          buildAnswer({ provider: 'straico', model: String(body.model), prompt: String(body.prompt) }),
          ['https://straico.example/image.png'],
        ),
    });
    const image = section('Straico image');
    await waitFor(() => expect(field(image, 'Model')).toHaveValue('openai/dall-e-3'));
    expect(within(field(image, 'Model')).getAllByRole('option')).toHaveLength(8);
    expect(within(image).getByText('1024x1024')).toBeInTheDocument();
    await user.selectOptions(field(image, 'Model'), 'flux/1.1');
    await user.type(prompt(image), 'A cat');
    await user.click(within(image).getByRole('button', { name: 'Generate image' }));

    expect(await within(image).findByText('Saved to your gallery')).toBeInTheDocument();
    expect(server.bodiesTo('/api/ai/image')).toEqual([
      { provider: 'straico', model: 'flux/1.1', prompt: 'A cat', size: '1024x1024' },
    ]);
    expect(gallery.saved()).toEqual([expect.objectContaining({ media_type: 'image', model_id: 'flux/1.1' })]);
  });

  it('makes a 4-second 16:9 video, optionally from a start image, and checks it at the Straico status route', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, server, generations } = studioWithMedia('/studio?tab=straico', {
      onStatus: (job) => readyAnswer(job, ['https://straico.example/clip.mp4']),
    });
    const video = section('Straico video');
    await waitFor(() => expect(field(video, 'Model')).toHaveValue('kling/v2.1'));
    expect(within(field(video, 'Model')).getAllByRole('option')).toHaveLength(5);
    expect(numberField(video, 'Duration (seconds)')).toHaveValue(4);
    expect(field(video, 'Aspect ratio')).toHaveValue('16:9');

    const startImage = within(video).getByRole('textbox', { name: 'Start image link (optional)' });
    await user.type(startImage, 'not a link');
    await user.type(prompt(video), 'A sunrise');
    await user.click(within(video).getByRole('button', { name: 'Generate video' }));
    expect(within(video).getByText('Give an http or https link')).toBeInTheDocument();

    await user.clear(startImage);
    await user.type(startImage, 'https://example.com/still.png');
    await user.click(within(video).getByRole('button', { name: 'Generate video' }));
    await within(video).findByRole('status');
    expect(server.bodiesTo('/api/straico/video')).toEqual([
      {
        provider: 'straico',
        model: 'kling/v2.1',
        prompt: 'A sunrise',
        duration: 4,
        aspect_ratio: '16:9',
        image_url: 'https://example.com/still.png',
      },
    ]);
    await nextCheck();
    const player = await within(video).findByLabelText('A sunrise');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('controls');
    const [job] = generations.jobs();
    expect(server.requestsTo(`/api/straico/status/${job?.jobId}`)).toHaveLength(1);
  });

  it('speaks text with a Straico voice and plays it inline', async () => {
    const { user, server } = studioWithMedia('/studio?tab=straico', {
      onStart: (_path, body) =>
        readyAnswer(
          buildAnswer({
            provider: 'straico',
            media_type: 'audio',
            model: String(body.model),
            prompt: String(body.prompt),
          }),
          ['https://straico.example/voice.mp3'],
        ),
    });
    const audio = section('Straico audio');
    await waitFor(() => expect(field(audio, 'Model')).toHaveValue('eleven_multilingual_v2'));
    expect(within(field(audio, 'Model')).getAllByRole('option')).toHaveLength(3);
    await user.type(prompt(audio, 'Text to speak'), 'Hello there');
    await user.click(within(audio).getByRole('button', { name: 'Generate audio' }));
    const player = await within(audio).findByLabelText('Hello there');
    expect(player.tagName).toBe('AUDIO');
    expect(server.bodiesTo('/api/straico/audio')).toEqual([
      { provider: 'straico', model: 'eleven_multilingual_v2', prompt: 'Hello there' },
    ]);
  });
});

describe('Picking generations up again', () => {
  it('resumes the member’s pending and unsaved jobs under the forms that started them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pendingImage = buildAnswer({ prompt: 'Still cooking' });
    const unsavedAudio: GenerationAnswer = readyAnswer(
      buildAnswer({
        provider: 'straico',
        media_type: 'audio',
        prompt: 'Said before I left',
        model: 'eleven_v3',
      }),
      ['https://straico.example/left.mp3'],
    );
    const elsewhere = buildAnswer({ provider: 'openrouter', prompt: 'A wallpaper' });
    const { user, gallery } = studioWithMedia('/studio?tab=fal', {
      resumable: [pendingImage, unsavedAudio, elsewhere],
      onStatus: (job) => readyAnswer(job, ['https://fal.media/files/late.png']),
    });

    const image = section('fal.ai image');
    expect(await within(image).findByText('Still cooking')).toBeInTheDocument();
    expect(within(image).getByRole('status')).toHaveTextContent('Generating…');
    expect(within(image).getByRole('button', { name: 'Generating…' })).toBeDisabled();
    // The finished one was saved the moment it showed, though its tab is not open.
    await waitFor(() =>
      expect(gallery.saved()).toEqual([
        expect.objectContaining({ media_url: 'https://straico.example/left.mp3', media_type: 'audio' }),
      ]),
    );
    await nextCheck();
    expect(await within(image).findByText('Saved to your gallery')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Straico Media' }));
    expect(within(section('Straico audio')).getByText('Said before I left')).toBeInTheDocument();
    expect(screen.queryByText('A wallpaper')).not.toBeInTheDocument();
  });
});

describe('Recent Activity', () => {
  it('counts what the member generated and shows the last 6', async () => {
    const items = [
      ...Array.from({ length: 5 }, (_, n) =>
        buildMediaItem({ media_type: 'image', title: `Image ${n + 1}` }),
      ),
      buildMediaItem({ media_type: 'video', title: 'Clip' }),
      buildMediaItem({ media_type: 'audio', title: 'Song' }),
    ];
    studioWithMedia('/studio', {}, { media: items });
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    await waitFor(() =>
      expect(within(activity).getByText('Images generated').nextSibling).toHaveTextContent('5'),
    );
    expect(within(activity).getByText('Videos generated').nextSibling).toHaveTextContent('1');
    expect(within(activity).getByText('Audio generated').nextSibling).toHaveTextContent('1');
    const recent = await within(activity).findByRole('list', { name: 'Recent generations' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(6);
    expect(within(recent).getByRole('img', { name: 'Song' })).toBeInTheDocument();
    expect(within(recent).queryByRole('img', { name: 'Image 1' })).not.toBeInTheDocument();
  });
});
