import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { notFound } from '#server/lib/errors.ts';
import { downloadQuerySchema } from '#shared/media.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { findDownloadableFile } from './download.service.ts';
import { attachmentDisposition, downloadFilename } from './download-filename.ts';
import type { MediaStore } from './media-store.ts';
import { readQuery } from './read-query.ts';
import { serveStoredFile } from './serve-stored-file.ts';

/**
 * `GET /api/download?url=&filename=` (part 2 §7 Media): the member's own stored file as an attachment under a
 * name we made safe. Never an open proxy: a link that is not the member's media answers 404 and nothing is
 * fetched (download.service.ts).
 */
export function createDownloadRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  store: MediaStore;
  appUrl: URL;
}) {
  const routes = new Hono<AppEnv>();

  routes.get('/api/download', deps.requireMember, async (c) => {
    const query = readQuery(c, downloadQuerySchema);
    const file = await findDownloadableFile(deps, c.get('member').user.id, query.url);
    if (!file) throw notFound('That file');
    const filename = downloadFilename(query.filename, file.mediaType, file.contentType);
    return serveStoredFile(c.req.raw, deps.store, file, attachmentDisposition(filename));
  });

  return routes;
}
