import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { serveStoredFile, storedFileResponses } from '#server/lib/http/serve-stored-file.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import {
  createFixedWindowLimiter,
  limitPerMember,
  type RedisLimits,
} from '#server/lib/infra/rate-limiter.ts';
import type { Lookup } from '#server/lib/infra/safe-fetch.ts';
import { successSchema } from '#shared/api.ts';
import {
  mediaCreateSchema,
  mediaItemSchema,
  mediaListQuerySchema,
  mediaPageSchema,
  mediaUsageSchema,
} from '#shared/media.ts';
import type { ImportMediaDeps } from './import-media-file.ts';
import { deleteMedia, getOwnMedia, listMedia, saveMedia, toggleMediaFavorite } from './media.service.ts';
import { readMediaUsageAnswer } from './media-quota.ts';

/**
 * Saving a link downloads up to `MEDIA_MAX_BYTES` from somewhere else, at the server's cost: a member
 * saving outputs by hand stays far below this; a script does not.
 */
export const MEDIA_SAVES_PER_MINUTE = 60;

export type MediaRoutesDeps = {
  db: Db;
  requireMember: RequireMember;
  store: MediaStore;
  media: MediaConfig;
  appUrl: URL;
  logger: Logger;
  now: () => Date;
  /** DNS for saving links; the system's when absent (tests inject one). */
  lookup?: Lookup;
  /** Count this feature's limits on the servers' shared Redis; in this process when absent. */
  redisLimits?: RedisLimits;
};

const mediaPath = idParams('media');

/**
 * The gallery: save a finished generation, list, favorite, delete, and the stored copy
 * itself at `/api/media/{id}/file`. A member only ever sees and changes their own media (another's id is 404).
 */
export const mediaRoutes = {
  list: apiRoute({
    method: 'get',
    path: '/api/media',
    operationId: 'listMedia',
    tags: ['Media'],
    summary: "A page of the member's media, newest first, filtered",
    description:
      'Newest first (by id). `cursor` is a keyset as for `GET /api/community/posts`: ask again with ' +
      '`cursor` = `nextCursor` (an empty `cursor=` is the first page). `favorites=true`: only favorites. ' +
      '`q` matches title or prompt, case-insensitive, as text (`%` and `_` are not wildcards). `total`: ' +
      "how many items match the filter in all. Another member's items never appear.",
    request: { query: queryOf(mediaListQuerySchema) },
    responses: { 200: json(mediaPageSchema, 'One page, the cursor of the next and how many match in all') },
  }),
  save: apiRoute({
    method: 'post',
    path: '/api/media',
    operationId: 'saveMediaItem',
    tags: ['Media'],
    summary: 'Save a finished generation: the server copies the file into its own store',
    description:
      '**201** the item; **200** the item saved before when the member already saved this `media_url` (one ' +
      "item per member and link). The answer's `media_url` is Lumara's `/api/media/{id}/file`, never the " +
      "provider's.\n\n" +
      "`media_url` is either one of the member's generation outputs, `/api/ai/jobs/{jobId}/outputs/{n}` " +
      "(relative or absolute on `APP_URL`), copied inside the store (another member's: **404**), or an " +
      'http(s) link fetched through the SSRF-safe fetch: http(s) only, ports 80 and 443, private, loopback ' +
      'and link-local addresses refused after DNS and at every redirect (at most 3), `MEDIA_MAX_BYTES` and ' +
      '60 s caps. Anything else (`data:`, `file:`, other paths of ours, a refused address) **400** ' +
      '`bad_request`.\n\n' +
      'The file must be the `media_type` it is saved as, by its `Content-Type` and by its first bytes: ' +
      'image PNG, JPEG, WebP, GIF; video MP4, WebM, QuickTime; audio MPEG, MP4, WAV, Ogg, WebM, FLAC (no ' +
      'type, or `application/octet-stream`: the bytes decide); else **415** `unsupported_media_type`. The ' +
      "provider answering anything but 200: **502** `provider_failed` ('The file could not be downloaded: " +
      "its server answered 404. …'); too big **413** `payload_too_large`; too slow **504** " +
      '`provider_timeout`.\n\n' +
      'The file is written first and the row after; if the row cannot be written the file is removed. 60 ' +
      'saves a minute per member (**429** with `Retry-After`).\n\n' +
      "The file counts against the member's storage quota (`GET /api/media/usage`): one that would take " +
      'them past it **413** `storage_quota_exceeded`, refused as soon as the download proves too large, ' +
      'and nothing is kept.',
    request: { body: jsonBody(mediaCreateSchema) },
    responses: {
      200: json(mediaItemSchema, 'That link was saved before: the item already stored'),
      201: json(mediaItemSchema, 'The new item'),
    },
  }),
  usage: apiRoute({
    method: 'get',
    path: '/api/media/usage',
    operationId: 'getMediaUsage',
    tags: ['Media'],
    summary: "How much of the member's storage is used",
    description:
      "`used_bytes`: what the member keeps in Lumara's store, gallery items (saved links and generation " +
      'outputs) and their avatar and wallpaper copies; `quota_bytes`: the most they may keep ' +
      '(`MEDIA_QUOTA_BYTES`, 5 GiB unless configured). A save that would go past it answers **413** ' +
      "`storage_quota_exceeded` and keeps nothing. A generation's own outputs, kept 7 days, do not count.",
    responses: { 200: json(mediaUsageSchema, 'Bytes used and the quota') },
  }),
  favorite: apiRoute({
    method: 'put',
    path: '/api/media/{id}/favorite',
    operationId: 'toggleMediaFavorite',
    tags: ['Media'],
    summary: 'Toggle the favorite mark of an item',
    description: "The item with `is_favorite` flipped. Another member's or an unknown id **404**.",
    request: { params: mediaPath },
    responses: { 200: json(mediaItemSchema, 'The item as it now is') },
  }),
  remove: apiRoute({
    method: 'delete',
    path: '/api/media/{id}',
    operationId: 'deleteMediaItem',
    tags: ['Media'],
    summary: 'Delete an item and its stored file',
    description:
      "The row goes, then its stored file (a generation output it was copied from stays). Another member's " +
      'or an unknown id **404**.',
    request: { params: mediaPath },
    responses: { 200: json(successSchema, 'Deleted') },
  }),
  file: apiRoute({
    method: 'get',
    path: '/api/media/{id}/file',
    operationId: 'getMediaFile',
    tags: ['Media'],
    summary: "An item's stored file, shown inline (`Range` honoured)",
    description:
      '`Content-Disposition: inline`, its checked `Content-Type`, `Content-Length`, `Accept-Ranges: ' +
      'bytes`, `X-Content-Type-Options: nosniff`, a `Content-Security-Policy` ending in `sandbox`, ' +
      "`Cache-Control: private, max-age=86400` (a key's bytes never change). One `Range: bytes=…` answers " +
      '**206** with `Content-Range` (video and audio seeking); a range past the end **416** with ' +
      '`Content-Range: bytes */<size>`; several ranges, or `If-Range`, get the whole file. Another ' +
      "member's or an unknown id **404**.",
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
      redis: deps.redisLimits,
      prefix: 'media-saves',
    }),
    'media save',
  );

  const routes = createApiRouter(deps.requireMember);
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
    .openapi(mediaRoutes.usage, async (c) =>
      c.json(await readMediaUsageAnswer(importDeps, memberIdOf(c)), 200),
    )
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
