import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import { refuseSayingWhy } from '#server/lib/http/validation.ts';
import { successSchema } from '#shared/api.ts';
import { addTrackRequestSchema, trackListSchema, trackSchema } from '#shared/music.ts';
import { addTrack, deleteTrack, listTracks, type ResolveShortLink } from './music.service.ts';

/**
 * The music library's calls, paths kept exactly as clients know them. Every call acts on the signed-in
 * member's own tracks.
 */
export const musicRoutes = {
  list: apiRoute({
    method: 'get',
    path: '/api/music/list',
    operationId: 'listMusicTracks',
    tags: ['Music'],
    summary: "The member's Suno tracks, newest first",
    responses: { 200: json(trackListSchema, 'Every track of the member') },
  }),
  add: apiRoute({
    method: 'post',
    path: '/api/music/add-embed',
    operationId: 'addMusicTrack',
    tags: ['Music'],
    summary: 'Add a Suno song from a link or embed code',
    description:
      '**201** the track. `input` is a Suno song link in any public form (`suno.com/song/<uuid>`, ' +
      '`suno.ai`, `app.suno.ai`, `/embed/<uuid>`), a `suno.com/s/<id>` short link (followed once through ' +
      'the SSRF-safe fetch; **502** `provider_failed` when it cannot be followed) or pasted Suno embed ' +
      'code (only its `src` is kept). Anything else **400** with the reason in `error.message`. The first ' +
      'track earns Playlist Princess.',
    request: { body: jsonBody(addTrackRequestSchema) },
    responses: { 201: json(trackSchema, 'The stored track') },
  }),
  remove: apiRoute({
    method: 'delete',
    path: '/api/music/tracks/{id}',
    operationId: 'deleteMusicTrack',
    tags: ['Music'],
    summary: 'Delete a track',
    description: "Another member's or an unknown id **404**.",
    request: { params: idParams('track') },
    responses: { 200: json(successSchema, 'Deleted') },
  }),
};

export function createMusicRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  now: () => Date;
  resolveShortLink: ResolveShortLink;
}) {
  const routes = createApiRouter(deps.requireMember);
  return routes
    .openapi(musicRoutes.list, async (c) => c.json(await listTracks(deps.db, memberIdOf(c)), 200))
    .openapi(
      musicRoutes.add,
      async (c) =>
        c.json(
          await addTrack(
            deps.db,
            memberIdOf(c),
            c.req.valid('json').input,
            deps.resolveShortLink,
            deps.now(),
          ),
          201,
        ),
      (result, c) => refuseSayingWhy('input', result, c),
    )
    .openapi(musicRoutes.remove, async (c) => {
      await deleteTrack(deps.db, memberIdOf(c), c.req.valid('param').id);
      return c.json({ success: true } as const, 200);
    });
}
