import type { Track } from '#shared/music.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { cn } from '#web/ui/cn.ts';
import { insetSurfaceClass } from '#web/ui/field-classes.ts';

/**
 * A track's Suno player: an iframe sandboxed to what the player needs, at about 62% of its width
 * (75% on narrow screens), or 'No embed available'. `embed_src` was rebuilt by the server from a parsed song id.
 */
export function TrackEmbed({ track }: { track: Track }) {
  const t = useT();
  if (!track.embed_src) {
    return (
      <p className={cn(insetSurfaceClass, 'px-4 py-6 text-center text-(--ink-muted)')}>
        {t('music.embed.none')}
      </p>
    );
  }
  return (
    <div
      className="relative w-full overflow-hidden rounded-2xl pb-[75%] sm:pb-[62%]"
      data-testid="track-embed"
    >
      <iframe
        src={track.embed_src}
        title={track.title}
        sandbox="allow-scripts allow-same-origin allow-popups"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="autoplay; clipboard-write; encrypted-media"
        loading="lazy"
        className="absolute inset-0 size-full border-0"
      />
    </div>
  );
}
