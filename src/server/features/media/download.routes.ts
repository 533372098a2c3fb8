import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { notFound } from '#server/lib/http/errors.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { serveStoredFile, storedFileResponses } from '#server/lib/http/serve-stored-file.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import { downloadQuerySchema } from '#shared/media.ts';
import { findDownloadableFile } from './download.service.ts';
import { attachmentDisposition, downloadFilename } from './download-filename.ts';

/**
 * `GET /api/download?url=&filename=`: the member's own stored file as an attachment under a
 * name we made safe. Never an open proxy: a link that is not the member's media answers 404 and nothing is
 * fetched (download.service.ts).
 */
export const downloadRoutes = {
  download: apiRoute({
    method: 'get',
    path: '/api/download',
    operationId: 'downloadStoredFile',
    tags: ['Media'],
    summary: "One of the member's stored files, as an attachment under a safe name",
    description:
      "The member's stored file as an attachment, with the headers of `GET /api/media/{id}/file`. `url` is " +
      "an item's `/api/media/{id}/file` (relative or absolute on `APP_URL`), one of the member's " +
      'generation outputs, or exactly the link one of their items was saved from; anything else **404** ' +
      '`not_found`: nothing is ever fetched, so this is no proxy.\n\n' +
      '`filename`: its last path part without quotes, controls or direction marks, at most 120 characters, ' +
      "the extension kept when it fits the media type, else the stored type's added; default " +
      '`generated-media.png`, `.mp4` or `.mp3` by type. Sent as `Content-Disposition: attachment; ' +
      'filename="<ASCII stand-in>"; filename*=UTF-8\'\'<percent-encoded>`.',
    request: { query: queryOf(downloadQuerySchema) },
    responses: storedFileResponses,
  }),
};

export function createDownloadRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  store: MediaStore;
  appUrl: URL;
}) {
  const routes = createApiRouter(deps.requireMember);
  return routes.openapi(downloadRoutes.download, async (c) => {
    const query = c.req.valid('query');
    const file = await findDownloadableFile(deps, memberIdOf(c), query.url);
    if (!file) throw notFound('file');
    const filename = downloadFilename(query.filename, file.mediaType, file.contentType);
    return serveStoredFile(c.req.raw, deps.store, file, attachmentDisposition(filename));
  });
}
