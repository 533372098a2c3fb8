import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody } from '#server/lib/api-route.ts';
import type { Logger } from '#server/lib/logger.ts';
import { idParams } from '#server/lib/path-params.ts';
import { queryOf } from '#server/lib/query.ts';
import { createFixedWindowLimiter, limitPerMember } from '#server/lib/rate-limiter.ts';
import type { Lookup } from '#server/lib/safe-fetch.ts';
import { successSchema } from '#shared/api.ts';
import { mediaCreateSchema, mediaItemSchema, mediaListQuerySchema, mediaPageSchema } from '#shared/media.ts';
import { type createRequireMember, memberIdOf } from '../auth/require-member.ts';
import type { ImportMediaDeps } from './import-media-file.ts';
import { deleteMedia, getOwnMedia, listMedia, saveMedia, toggleMediaFavorite } from './media.service.ts';
import type { MediaStore } from './media-store.ts';
import { serveStoredFile, storedFileResponses } from './serve-stored-file.ts';

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

const mediaPath = idParams('That media');

/**
 * The gallery (part 2 §7 Media): save a finished generation, list, favorite, delete, and the stored copy
 * itself at `/api/media/{id}/file`. A member only ever sees and changes their own media (another's id is 404).
 */
export const mediaRoutes = {
  list: apiRoute({
    method: 'get',
    path: '/api/media',
    tags: ['Media'],
    summary: "A page of the member's media, newest first, filtered",
    request: { query: queryOf(mediaListQuerySchema) },
    responses: { 200: json(mediaPageSchema, 'One page, the cursor of the next and how many match in all') },
  }),
  save: apiRoute({
    method: 'post',
    path: '/api/media',
    tags: ['Media'],
    summary: 'Save a finished generation: the server copies the file into its own store',
    request: { body: jsonBody(mediaCreateSchema) },
    responses: {
      200: json(mediaItemSchema, 'That link was saved before: the item already stored'),
      201: json(mediaItemSchema, 'The new item'),
    },
  }),
  favorite: apiRoute({
    method: 'put',
    path: '/api/media/{id}/favorite',
    tags: ['Media'],
    summary: 'Toggle the favorite mark of an item',
    request: { params: mediaPath },
    responses: { 200: json(mediaItemSchema, 'The item as it now is') },
  }),
  remove: apiRoute({
    method: 'delete',
    path: '/api/media/{id}',
    tags: ['Media'],
    summary: 'Delete an item and its stored file',
    request: { params: mediaPath },
    responses: { 200: json(successSchema, 'Deleted') },
  }),
  file: apiRoute({
    method: 'get',
    path: '/api/media/{id}/file',
    tags: ['Media'],
    summary: "An item's stored file, shown inline (`Range` honoured)",
    request: { params: mediaPath },
    responses: storedFileResponses,
  }),
};

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

  const routes = createApiRouter();
  routes.use('/api/media', deps.requireMember);
  routes.use('/api/media/*', deps.requireMember);
  return routes
    .openapi(mediaRoutes.list, async (c) =>
      c.json(await listMedia(db, memberIdOf(c), c.req.valid('query')), 200),
    )
    .openapi({ ...mediaRoutes.save, middleware: limitSaves }, async (c) => {
      const saved = await saveMedia(
        { ...importDeps, logger: c.get('logger') },
        memberIdOf(c),
        c.req.valid('json'),
      );
      return saved.created ? c.json(saved.item, 201) : c.json(saved.item, 200);
    })
    .openapi(mediaRoutes.favorite, async (c) =>
      c.json(await toggleMediaFavorite(db, memberIdOf(c), c.req.valid('param').id), 200),
    )
    .openapi(mediaRoutes.remove, async (c) => {
      await deleteMedia({ db, store, logger: c.get('logger') }, memberIdOf(c), c.req.valid('param').id);
      return c.json({ success: true } as const, 200);
    })
    .openapi(mediaRoutes.file, async (c) => {
      const row = await getOwnMedia(db, memberIdOf(c), c.req.valid('param').id);
      return serveStoredFile(
        c.req.raw,
        store,
        { key: row.storageKey, contentType: row.contentType },
        'inline',
      );
    });
}
