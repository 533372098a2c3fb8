import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { tracks } from '#server/db/schema.ts';
import { embedRefusalText } from '#server/lib/http/embed-refusal.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import { parseSunoInput } from '#shared/embeds.ts';
import type { Track } from '#shared/music.ts';
import { awardBadge } from '../badges/badges.service.ts';

/** Follows a Suno short link (`https://suno.com/s/<id>`) to where it points; null when it does not redirect. */
export type ResolveShortLink = (url: string) => Promise<string | null>;

/** Why a short link could not become a song, for the member. */

/** The track as the API shows it. */
export function presentTrack(row: typeof tracks.$inferSelect): Track {
  return { id: row.id, title: row.title, suno_url: row.sunoUrl, embed_src: row.embedSrc };
}

/** A member's tracks, newest first. */
export async function listTracks(db: Db, userId: number): Promise<Track[]> {
  const rows = await db
    .select()
    .from(tracks)
    .where(eq(tracks.userId, userId))
    .orderBy(desc(tracks.createdAt), desc(tracks.id));
  return rows.map(presentTrack);
}

/**
 * The song a pasted input names, as `{id, embedSrc, sunoUrl}`, or a 400 with the reason. A short link is
 * followed once through `resolveShortLink` (never fetched for anything else), and its target must itself be a
 * song link: a short link to another short link or to another site is refused, not followed further.
 */
export async function resolveSunoSong(
  input: string,
  resolveShortLink: ResolveShortLink,
): Promise<{ id: string; embedSrc: string; sunoUrl: string }> {
  const parsed = parseSunoInput(input);
  if (parsed.kind === 'invalid') throw new AppError('bad_request', embedRefusalText(parsed.reason));
  if (parsed.kind === 'embed') return parsed;

  let target: string | null;
  try {
    target = await resolveShortLink(parsed.url);
  } catch {
    throw new AppError('provider_failed', say('server.music.shortLinkUnreachable'));
  }
  if (target === null) throw new AppError('bad_request', say('server.music.shortLinkNoSong'));
  const resolved = parseSunoInput(target);
  if (resolved.kind !== 'embed') {
    throw new AppError(
      'bad_request',
      resolved.kind === 'invalid' && resolved.reason.code !== 'sunoNotSong'
        ? say('server.music.shortLinkElsewhere', { reason: embedRefusalText(resolved.reason) })
        : say('server.music.shortLinkNoSong'),
    );
  }
  return resolved;
}

/** A title without fetching suno.com: the song's id is the one honest thing we know about it. */
export const titleForSong = (id: string) => `Suno song ${id.slice(0, 8)}`;

/** Adds the song to the member's library; the first track earns Playlist Princess (awarding is idempotent). */
export async function addTrack(
  db: Db,
  userId: number,
  input: string,
  resolveShortLink: ResolveShortLink,
  now: Date,
): Promise<Track> {
  const song = await resolveSunoSong(input, resolveShortLink);
  const [row] = await db
    .insert(tracks)
    .values({
      userId,
      title: titleForSong(song.id),
      sunoUrl: song.sunoUrl,
      embedSrc: song.embedSrc,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('insert into tracks returned no row');
  await awardBadge(db, userId, 'playlist_princess', now);
  return presentTrack(row);
}

/** Removes one of the member's tracks; another member's or an unknown id is 404. */
export async function deleteTrack(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(tracks)
    .where(and(eq(tracks.id, id), eq(tracks.userId, userId)))
    .returning({ id: tracks.id });
  if (deleted.length === 0) throw notFound('track');
}
