import type { MediaType } from '#shared/media.ts';

/**
 * A generation's output at full size (results show inline): the image, the video with its
 * controls, or an audio player. `name` describes it (the prompt) to assistive technology.
 */
export function MediaOutput({ type, url, name }: { type: MediaType; url: string; name: string }) {
  switch (type) {
    case 'image':
      return (
        <img
          src={url}
          alt={name}
          className="max-h-[28rem] w-full rounded-2xl bg-(--surface-strong) object-contain"
        />
      );
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: generated video has no speech to caption.
        <video
          src={url}
          controls
          playsInline
          preload="metadata"
          aria-label={name}
          className="max-h-[28rem] w-full rounded-2xl bg-black"
        />
      );
    case 'audio':
      return (
        // biome-ignore lint/a11y/useMediaCaption: a caption track cannot be made for generated audio.
        <audio src={url} controls preload="metadata" aria-label={name} className="w-full" />
      );
  }
}
