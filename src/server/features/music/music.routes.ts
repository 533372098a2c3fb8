import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody } from '#server/lib/api-route.ts';
import { idParams } from '#server/lib/path-params.ts';
import { refuseSayingWhy } from '#server/lib/validation.ts';
import { successSchema } from '#shared/api.ts';
import { addTrackRequestSchema, trackListSchema, trackSchema } from '#shared/embeds.ts';
import { type createRequireMember, memberIdOf } from '../auth/require-member.ts';
import { addTrack, deleteTrack, listTracks, type ResolveShortLink } from './music.service.ts';

/** Part 2 §7 music calls, paths as the spec writes them. Every call acts on the signed-in member's own tracks. */
export const musicRoutes = {
  list: apiRoute({
    method: 'get',
    path: '/api/music/list',
    tags: ['Music'],
    summary: "The member's Suno tracks, newest first",
    responses: { 200: json(trackListSchema, 'Every track of the member') },
  }),
  add: apiRoute({
    method: 'post',
    path: '/api/music/add-embed',
    tags: ['Music'],
    summary: 'Add a Suno song from a link or embed code',
    request: { body: jsonBody(addTrackRequestSchema) },
    responses: { 201: json(trackSchema, 'The stored track') },
  }),
  remove: apiRoute({
    method: 'delete',
    path: '/api/music/tracks/{id}',
    tags: ['Music'],
    summary: 'Delete a track',
    request: { params: idParams('That track') },
    responses: { 200: json(successSchema, 'Deleted') },
  }),
};

export function createMusicRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
  resolveShortLink: ResolveShortLink;
}) {
  const routes = createApiRouter();
  routes.use('/api/music/*', deps.requireMember);
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
