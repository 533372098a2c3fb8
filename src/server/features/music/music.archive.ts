import { asc, eq } from 'drizzle-orm';
import { tracks } from '#server/db/schema.ts';
import {
  type ArchiveAdapter,
  insertInChunks,
  notAfter,
  notYetHeld,
  refuseArchive,
  samenessKey,
} from '#server/lib/archive-adapter.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';
import { parseSunoInput } from '#shared/embeds.ts';
import { awardBadge } from '../badges/badges.service.ts';
import { titleForSong } from './music.service.ts';

type ArchiveTrack = ArchiveContents['music_tracks'][number];

const trackKey = ({ created_at: _created, ...track }: ArchiveTrack) => samenessKey(track);

function describe(row: typeof tracks.$inferSelect): ArchiveTrack {
  return {
    title: row.title,
    suno_url: row.sunoUrl,
    embed_src: row.embedSrc,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The member's Suno tracks. On import each song link is read again as `POST /api/music/add-embed` reads it
 * (`parseSunoInput`): its embed and title are rebuilt from the song's id, never taken as written, and a link that
 * is not a Suno song refuses the archive. A song the member keeps already is not added twice; the first track
 * earns Playlist Princess, as adding one does.
 */
export const musicArchive: ArchiveAdapter = {
  kinds: ['music_tracks'],
  async collect(tx, memberId) {
    const rows = await tx.select().from(tracks).where(eq(tracks.userId, memberId)).orderBy(asc(tracks.id));
    return { contents: { music_tracks: rows.map(describe) }, files: [] };
  },
  async plan(reader, { memberId, contents, now }) {
    const at = notAfter(now);
    const archived = contents.music_tracks.map((track, index) => {
      const song = parseSunoInput(track.suno_url);
      if (song.kind === 'invalid') throw refuseArchive(`music-tracks.json at ${index}: ${song.reason}`);
      if (song.kind === 'short-link') throw refuseArchive(`music-tracks.json at ${index}: a Suno short link`);
      return {
        title: titleForSong(song.id),
        suno_url: song.sunoUrl,
        embed_src: song.embedSrc,
        created_at: at(track.created_at).toISOString(),
      };
    });
    const held = await reader.select().from(tracks).where(eq(tracks.userId, memberId));
    const fresh = notYetHeld(archived, held.map(describe).map(trackKey), trackKey);
    return {
      adds: { music_tracks: fresh.length },
      files: [],
      async write(tx) {
        await insertInChunks(fresh, (chunk) =>
          tx.insert(tracks).values(
            chunk.map((track) => ({
              userId: memberId,
              title: track.title,
              sunoUrl: track.suno_url,
              embedSrc: track.embed_src,
              createdAt: new Date(track.created_at),
            })),
          ),
        );
      },
      async afterCommit(db) {
        if (fresh.length > 0) await awardBadge(db, memberId, 'playlist_princess', now);
      },
    };
  },
};
