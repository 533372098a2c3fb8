import { AppError } from '#server/lib/errors.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';
import { parseSunoInput, toEmbed } from '#shared/embeds.ts';

const refuse = (where: string, reason: string) =>
  new AppError('bad_request', `This archive cannot be imported: ${where}: ${reason}`);

/**
 * What an archive asks the app to frame or link, decided again here as the routes decide it, never taken as
 * written: a widget's link goes through `toEmbed` (the type and URL it derives are what is stored, as at
 * `POST /api/widgets`), a track's through `parseSunoInput` (its embed is rebuilt from the song id, as at
 * `POST /api/music/add-embed`). A link either would refuse refuses the archive. Posts take no pictures: no route
 * gives a post any, so an archive cannot either.
 */
export function withCheckedEmbeds(contents: ArchiveContents, appOrigin: string): ArchiveContents {
  const widgets = contents.widgets.map((widget, index) => {
    const where = `widgets.json at ${index}`;
    if (widget.url === null) {
      if (widget.type !== 'profile') throw refuse(where, `a ${widget.type} widget needs a link`);
      return widget;
    }
    const embed = toEmbed(widget.url, { appOrigin });
    if (embed.kind === 'invalid') throw refuse(where, embed.reason);
    if (embed.kind === 'short-link') throw refuse(where, 'a Suno short link cannot be framed');
    return { ...widget, type: embed.type, url: embed.url };
  });
  const tracks = contents.music_tracks.map((track, index) => {
    const song = parseSunoInput(track.suno_url);
    if (song.kind === 'invalid') throw refuse(`music-tracks.json at ${index}`, song.reason);
    if (song.kind === 'short-link') throw refuse(`music-tracks.json at ${index}`, 'a Suno short link');
    return { ...track, suno_url: song.sunoUrl, embed_src: song.embedSrc };
  });
  const posts = contents.community_posts.map((post) => ({ ...post, images: [] }));
  return { ...contents, widgets, music_tracks: tracks, community_posts: posts };
}
