import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '#shared/media.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { buildMediaItem, serveMedia } from '#tests/web-kit/media/media-handlers.ts';
import { requestsTo, sentRequests, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { downloadHref } from '../api/download-media.ts';
import { MediaGallery } from './media-gallery.tsx';

type Clicked = { href: string; download: string };
let clicked: Clicked[] = [];

function serve(items: MediaItem[], download: () => Response) {
  serveMedia(items);
  server.use(http.get('/api/download', () => download()));
}

/** Gives the browser (jsdom has none) file sharing, as a phone has. */
function allowFileSharing(share: (data: ShareData) => Promise<void>, canShare = true) {
  Object.defineProperty(navigator, 'share', { configurable: true, value: vi.fn(share) });
  Object.defineProperty(navigator, 'canShare', { configurable: true, value: vi.fn(() => canShare) });
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn(() => 'blob:downloaded'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
}

beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});

afterEach(() => {
  for (const name of ['share', 'canShare'] as const) Reflect.deleteProperty(navigator, name);
  for (const name of ['createObjectURL', 'revokeObjectURL'] as const) Reflect.deleteProperty(URL, name);
  vi.useRealTimers();
});

describe('Download', () => {
  it('names the file generated-media.png, .mp4 or .mp3 and saves it from /api/download', () => {
    expect(downloadHref('/api/media/7/file', 'generated-media.png')).toBe(
      '/api/download?url=%2Fapi%2Fmedia%2F7%2Ffile&filename=generated-media.png',
    );
  });

  it('saves through a same-origin download link where the browser cannot share files', async () => {
    const video = buildMediaItem({ media_type: 'video', title: 'Clip' });
    const audio = buildMediaItem({ media_type: 'audio', title: 'Tune' });
    serve([video, audio], () => new Response('never asked'));
    const { user } = renderWithMember(<MediaGallery />);
    await user.click(await screen.findByRole('button', { name: 'Download Clip' }));
    await user.click(screen.getByRole('button', { name: 'Download Tune' }));

    expect(clicked).toEqual([
      { href: downloadHref(video.media_url, 'generated-media.mp4'), download: 'generated-media.mp4' },
      { href: downloadHref(audio.media_url, 'generated-media.mp3'), download: 'generated-media.mp3' },
    ]);
    // The browser fetches the link itself: the page holds nothing in memory.
    expect(sentRequests().filter((request) => request.path.startsWith('/api/download'))).toHaveLength(0);
  });

  it('offers the native share sheet first where the browser can share files', async () => {
    const image = buildMediaItem({ media_type: 'image', title: 'Sunset' });
    const shared: ShareData[] = [];
    allowFileSharing(async (data) => {
      shared.push(data);
    });
    serve([image], () => new Response(new Blob(['png'], { type: 'image/png' })));
    const { user } = renderWithMember(<MediaGallery />);
    await user.click(await screen.findByRole('button', { name: 'Download Sunset' }));

    await waitFor(() => expect(shared).toHaveLength(1));
    const file = shared[0]?.files?.[0];
    expect(file?.name).toBe('generated-media.png');
    expect(shared[0]?.title).toBe('Sunset');
    expect(requestsTo(downloadHref(image.media_url, 'generated-media.png'))).toHaveLength(1);
    expect(clicked).toEqual([]);
  });

  it('takes a closed share sheet as the member’s choice, not a failure', async () => {
    const image = buildMediaItem({ title: 'Kept to myself' });
    allowFileSharing(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    serve([image], () => new Response(new Blob(['png'], { type: 'image/png' })));
    const { user } = renderWithMember(<MediaGallery />);
    const button = await screen.findByRole('button', { name: 'Download Kept to myself' });
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText('Download failed. Please try again.')).not.toBeInTheDocument();
    expect(clicked).toEqual([]);
  });

  it('saves the file instead when the share sheet cannot take it', async () => {
    const image = buildMediaItem({ title: 'Too big to share' });
    allowFileSharing(async () => {}, false);
    serve([image], () => new Response(new Blob(['png'], { type: 'image/png' })));
    const { user } = renderWithMember(<MediaGallery />);
    await user.click(await screen.findByRole('button', { name: 'Download Too big to share' }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:downloaded', download: 'generated-media.png' }]),
    );
    expect(navigator.share).not.toHaveBeenCalled();
  });

  it('shows the red toast for 3 seconds when the file cannot be had', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const image = buildMediaItem({ title: 'Gone' });
    allowFileSharing(async () => {});
    serve([image], () => errorResponse(404, 'not_found', 'There is no such media'));
    const { user } = renderWithMember(<MediaGallery />);
    await user.click(await screen.findByRole('button', { name: 'Download Gone' }));

    const toast = await screen.findByText('Download failed. Please try again.');
    expect(toast.closest('[data-type]')).toHaveAttribute('data-type', 'error');
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Download failed: There is no such media')]);
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(screen.getByText('Download failed. Please try again.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() =>
      expect(screen.queryByText('Download failed. Please try again.')).not.toBeInTheDocument(),
    );
  });
});
