import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/errors.ts';
import { parsePathId } from '#server/lib/path-id.ts';
import { readJson } from '#server/lib/validation.ts';
import { addTrackRequestSchema } from '#shared/embeds.ts';
import { taskIdParamSchema as trackIdParamSchema } from '#shared/tasks.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { addTrack, deleteTrack, listTracks, type ResolveShortLink } from './music.service.ts';

/** Part 2 §7 music calls, paths as the spec writes them. Every call acts on the signed-in member's own tracks. */
export function createMusicRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
  resolveShortLink: ResolveShortLink;
}) {
  const routes = new Hono<AppEnv>();
  routes.use('/api/music/*', deps.requireMember);
  const memberId = (c: { get(key: 'member'): { user: { id: number } } }) => c.get('member').user.id;

  routes.get('/api/music/list', async (c) => c.json(await listTracks(deps.db, memberId(c))));

  routes.post('/api/music/add-embed', async (c) => {
    const { input } = await readAddTrack(c);
    return c.json(await addTrack(deps.db, memberId(c), input, deps.resolveShortLink, deps.now()), 201);
  });

  routes.delete('/api/music/tracks/:id', async (c) => {
    const id = parsePathId(trackIdParamSchema, c.req.param('id'), 'That track');
    await deleteTrack(deps.db, memberId(c), id);
    return c.json({ success: true });
  });

  return routes;
}

/** The body, with the input's own reason as the message (the form shows `error.message`, part 2 §8). */
async function readAddTrack(c: Parameters<typeof readJson>[0]) {
  try {
    return await readJson(c, addTrackRequestSchema);
  } catch (error) {
    const reason = error instanceof AppError ? error.fields?.input : undefined;
    if (error instanceof AppError && reason !== undefined) {
      throw new AppError(error.code, reason, error.fields ? { fields: error.fields } : undefined);
    }
    throw error;
  }
}
