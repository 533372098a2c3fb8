import { z } from 'zod';
import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { ArchiveAdapter } from '#server/lib/data/archive-adapter.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { queryOf } from '#server/lib/http/query.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import {
  createFixedWindowLimiter,
  limitPerMember,
  type RedisLimits,
} from '#server/lib/infra/rate-limiter.ts';
import {
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  importAccountQuerySchema,
  importAccountResponseSchema,
} from '#shared/account.ts';
import { ARCHIVE_LIMITS } from '#shared/account-archive.ts';
import type { AuthCookies } from '../auth/auth-cookies.ts';
import { collectAccountArchive } from './collect-account-archive.ts';
import { deleteAccount } from './delete-account.service.ts';
import { importAccount } from './import-account.service.ts';
import { createImportSlots, IMPORTS_AT_ONCE } from './import-slots.ts';
import { createArchiveReader, openAccountArchive } from './read-account-archive.ts';
import { withReceivedArchive } from './receive-archive.ts';
import { zipAccountArchive } from './zip-account-archive.ts';

/** Imports (previews included) one member may start an hour: each reads and checks a whole archive. */
export const IMPORTS_PER_HOUR = 20;

/** The member's account as a whole: export, import and deletion. */
export const accountRoutes = {
  export: apiRoute({
    method: 'get',
    path: '/api/account/export',
    operationId: 'exportAccount',
    tags: ['Account'],
    summary: 'Export my data: one zip archive of everything of mine',
    description:
      'A zip (`lumara-account-archive`, version 1) with `README.md`, `manifest.json` (format, version, counts), a ' +
      'JSON document per kind (profile, tasks, pomodoro sessions, badges, chat threads with their messages and ' +
      'memory, quick actions, media, music tracks, widgets, community posts, comments and likes given) and the ' +
      'media, avatar and wallpaper files. Streamed as it is written; `Content-Length` is known from the start. ' +
      'The format is `#shared/account-archive.ts`.',
    responses: {
      200: {
        description: 'The archive, as an attachment',
        content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
      },
    },
  }),
  import: apiRoute({
    method: 'post',
    path: '/api/account/import',
    operationId: 'importAccount',
    tags: ['Account'],
    summary: 'Import an exported archive into my account',
    description:
      'The body is an archive `GET /api/account/export` made (here or on another Lumara), as `application/zip`, ' +
      `at most ${ARCHIVE_LIMITS.archiveBytesMax / 1024 ** 3} GB. \`mode=preview\` (the default) checks it and ` +
      'answers what would be added, writing nothing; `mode=apply` adds it all in one transaction, or nothing. ' +
      "Exact duplicates of the member's rows are skipped (a second import adds nothing); creation dates are " +
      "kept; the archive's ids are re-mapped, and everything becomes the importing member's own. Comments and " +
      "likes on other members' posts are not imported. Every item goes through the rules of the route that " +
      'makes it (limits, schemas, the posting limit over time, at most 50 quick actions); no date is later ' +
      'than the import; badges are never imported but earned again from what was. **400** `bad_request` with ' +
      'the reason for an archive that is not one or that a route would refuse (not a zip, a name or path ' +
      'outside the format, an entry or document larger than allowed, a schema mismatch, a missing file, a file ' +
      'named twice); **409** `conflict` while another import of the member runs, or over 50 quick actions; ' +
      `**413** over the size limit; **415** a file whose bytes are not the picture, film or sound it claims; ` +
      `**429** past ${IMPORTS_PER_HOUR} imports (previews included) an hour; **503** \`server_busy\` while ` +
      `${IMPORTS_AT_ONCE} imports run on the server (with Retry-After).`,
    request: {
      query: queryOf(importAccountQuerySchema),
      body: {
        content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
        required: true,
      },
    },
    responses: { 200: json(importAccountResponseSchema, 'What was (or would be) added') },
  }),
  remove: apiRoute({
    method: 'delete',
    path: '/api/account',
    operationId: 'deleteAccount',
    tags: ['Account'],
    summary: 'Delete my account',
    description:
      'Deletes the signed-in member and everything private of theirs (tasks, sessions, badges, chats, quick ' +
      'actions, media and their files, tracks, widgets, profile, likes given) and ends every session of theirs ' +
      'on every server. `community`: `delete` removes their posts and comments too; `keep` leaves them under ' +
      '"Deleted member". **400** `validation_failed` when `email` is not the account\'s (nothing is deleted). ' +
      "Clears the session cookie and the browser's cached answers.",
    request: { body: jsonBody(deleteAccountRequestSchema) },
    responses: { 200: json(deleteAccountResponseSchema, 'The account is gone') },
  }),
};

export function createAccountRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  cookies: AuthCookies;
  store: MediaStore;
  events: EventBus;
  logger: Logger;
  now: () => Date;
  appUrl: URL;
  /** Every feature's part of the archive, in the order an import writes them. */
  adapters: readonly ArchiveAdapter[];
  media: Pick<MediaConfig, 'maxBytes' | 'quotaBytes' | 'uploadsDir'>;
  redisLimits?: RedisLimits | undefined;
}) {
  const limitImports = limitPerMember(
    createFixedWindowLimiter({
      limit: IMPORTS_PER_HOUR,
      windowMs: 60 * 60_000,
      now: () => deps.now().getTime(),
      redis: deps.redisLimits,
      prefix: 'imports',
    }),
    'import',
  );
  const slots = createImportSlots();
  const reader = createArchiveReader();
  return createApiRouter(deps.requireMember)
    .openapi(accountRoutes.export, async (c) => {
      const now = deps.now();
      const archive = await collectAccountArchive(deps.db, deps.store, deps.adapters, memberIdOf(c), now);
      const { size, body } = await zipAccountArchive(archive, deps.store);
      const day = now.toISOString().slice(0, 10);
      return c.body(body, 200, {
        'content-type': 'application/zip',
        'content-length': String(size),
        'content-disposition': `attachment; filename="lumara-export-${day}.zip"`,
        'cache-control': 'private, no-store',
      });
    })
    .openapi({ ...accountRoutes.import, middleware: limitImports }, async (c) => {
      const { mode } = c.req.valid('query');
      const memberId = memberIdOf(c);
      const release = slots.take(memberId);
      try {
        const answer = await withReceivedArchive(
          deps.media.uploadsDir,
          c.req.raw.body,
          c.req.header('content-length'),
          async (file) => {
            const archive = await openAccountArchive(reader, file, deps.media.maxBytes);
            try {
              return await importAccount(deps, memberId, archive, mode, deps.now());
            } finally {
              archive.close();
            }
          },
        );
        return c.json(answer, 200);
      } finally {
        release();
      }
    })
    .openapi(accountRoutes.remove, async (c) => {
      const answer = await deleteAccount(deps, memberIdOf(c), c.req.valid('json'));
      deps.cookies.clearSession(c);
      c.header('Clear-Site-Data', '"cache", "cookies", "storage"');
      return c.json(answer, 200);
    });
}
