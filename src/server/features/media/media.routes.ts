import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { Logger } from '#server/lib/logger.ts';
import { parsePathId } from '#server/lib/path-id.ts';
import { createFixedWindowLimiter, limitPerMember } from '#server/lib/rate-limiter.ts';
import type { Lookup } from '#server/lib/safe-fetch.ts';
import { readJson } from '#server/lib/validation.ts';
import { mediaCreateSchema, mediaIdParamSchema, mediaListQuerySchema } from '#shared/media.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import type { ImportMediaDeps } from './import-media-file.ts';
import { deleteMedia, getOwnMedia, listMedia, saveMedia, toggleMediaFavorite } from './media.service.ts';
import type { MediaStore } from './media-store.ts';
import { readQuery } from './read-query.ts';
import { serveStoredFile } from './serve-stored-file.ts';

/**
 * Saving a link downloads up to `MEDIA_MAX_BYTES` from somewhere else (security-reliability A1, cost): a member
 * saving outputs by hand stays far below this; a script does not.
 */
export const MEDIA_SAVES_PER_MINUTE = 60;

export type MediaRoutesDeps = {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  store: MediaStore;
  media: MediaConfig;
  appUrl: URL;
  logger: Logger;
  now: () => Date;
  /** DNS for saving links; the system's when absent (tests inject one). */
  lookup?: Lookup;
};

/**
 * The gallery (part 2 §7 Media): save a finished generation, list, favorite, delete, and the stored copy
 * itself at `/api/media/{id}/file`. A member only ever sees and changes their own media (another's id is 404).
 */
export function createMediaRoutes(deps: MediaRoutesDeps) {
  const { db, store } = deps;
  const importDeps: ImportMediaDeps = {
    db,
    store,
    media: deps.media,
    appUrl: deps.appUrl,
    logger: deps.logger,
    ...(deps.lookup ? { lookup: deps.lookup } : {}),
  };
  const limitSaves = limitPerMember(
    createFixedWindowLimiter({
      limit: MEDIA_SAVES_PER_MINUTE,
      windowMs: 60_000,
      now: () => deps.now().getTime(),
    }),
    'media save',
  );
  const memberId = (c: { get(key: 'member'): { user: { id: number } } }) => c.get('member').user.id;
  const mediaId = (raw: string | undefined) => parsePathId(mediaIdParamSchema, raw, 'That media');

  const routes = new Hono<AppEnv>();
  routes.use('/api/media', deps.requireMember);
  routes.use('/api/media/*', deps.requireMember);

  routes.get('/api/media', async (c) => {
    return c.json(await listMedia(db, memberId(c), readQuery(c, mediaListQuerySchema)));
  });

  routes.post('/api/media', limitSaves, async (c) => {
    const input = await readJson(c, mediaCreateSchema);
    const saved = await saveMedia({ ...importDeps, logger: c.get('logger') }, memberId(c), input);
    return c.json(saved.item, saved.created ? 201 : 200);
  });

  routes.put('/api/media/:id/favorite', async (c) => {
    return c.json(await toggleMediaFavorite(db, memberId(c), mediaId(c.req.param('id'))));
  });

  routes.delete('/api/media/:id', async (c) => {
    await deleteMedia({ db, store, logger: c.get('logger') }, memberId(c), mediaId(c.req.param('id')));
    return c.json({ success: true });
  });

  routes.get('/api/media/:id/file', async (c) => {
    const row = await getOwnMedia(db, memberId(c), mediaId(c.req.param('id')));
    return serveStoredFile(c.req.raw, store, { key: row.storageKey, contentType: row.contentType }, 'inline');
  });

  return routes;
}
