import { asc, eq } from 'drizzle-orm';
import { tracks } from '#server/db/schema.ts';
import {
  listArchiveAdapter,
  notAfter,
  refuseArchive,
  samenessKey,
} from '#server/lib/data/archive-adapter.ts';
import { embedRefusalText } from '#server/lib/http/embed-refusal.ts';
import { say } from '#server/lib/http/request-language.ts';
import { parseSunoInput } from '#shared/embeds.ts';
import { awardBadge } from '../badges/badges.service.ts';
import { titleForSong } from './music.service.ts';

/**
 * The member's Suno tracks. On import each song link is read again as `POST /api/music/add-embed` reads it
 * (`parseSunoInput`): its embed and title are rebuilt from the song's id, never taken as written, and a link that
 * is not a Suno song refuses the archive. A song the member keeps already is not added twice; the first track
 * earns Playlist Princess, as adding one does.
 */
export const musicArchive = listArchiveAdapter({
  kind: 'music_tracks',
  rows: (reader, memberId) =>
    reader.select().from(tracks).where(eq(tracks.userId, memberId)).orderBy(asc(tracks.id)),
  describe: (row) => ({
    title: row.title,
    suno_url: row.sunoUrl,
    embed_src: row.embedSrc,
    created_at: row.createdAt.toISOString(),
  }),
  key: ({ created_at: _created, ...track }) => samenessKey(track),
  normalize(track, index, { now }) {
    const song = parseSunoInput(track.suno_url);
    if (song.kind === 'invalid')
      throw refuseArchive(`music-tracks.json at ${index}`, embedRefusalText(song.reason));
    if (song.kind === 'short-link')
      throw refuseArchive(`music-tracks.json at ${index}`, say('server.archive.sunoShortLink'));
    return {
      title: titleForSong(song.id),
      suno_url: song.sunoUrl,
      embed_src: song.embedSrc,
      created_at: notAfter(now)(track.created_at).toISOString(),
    };
  },
  insert: (tx, memberId, chunk) =>
    tx.insert(tracks).values(
      chunk.map((track) => ({
        userId: memberId,
        title: track.title,
        sunoUrl: track.suno_url,
        embedSrc: track.embed_src,
        createdAt: new Date(track.created_at),
      })),
    ),
  afterCommit: (db, memberId, _fresh, now) =>
    awardBadge(db, memberId, 'playlist_princess', now).then(() => {}),
});
