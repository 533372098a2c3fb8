import { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody } from '#server/lib/api-route.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { MediaStore } from '#server/lib/media-store.ts';
import { deleteAccountRequestSchema, deleteAccountResponseSchema } from '#shared/account.ts';
import type { AuthCookies } from '../auth/auth-cookies.ts';
import { type createRequireMember, memberIdOf } from '../auth/require-member.ts';
import { collectAccountArchive } from './collect-account-archive.ts';
import { deleteAccount } from './delete-account.service.ts';
import { zipAccountArchive } from './zip-account-archive.ts';

/** The member's account as a whole (issue 19): ours, not the spec's. */
export const accountRoutes = {
  export: apiRoute({
    method: 'get',
    path: '/api/account/export',
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
  remove: apiRoute({
    method: 'delete',
    path: '/api/account',
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
  requireMember: ReturnType<typeof createRequireMember>;
  cookies: AuthCookies;
  store: MediaStore;
  events: EventBus;
  logger: Logger;
  now: () => Date;
}) {
  const routes = createApiRouter();
  routes.use('/api/account', deps.requireMember);
  routes.use('/api/account/*', deps.requireMember);
  return routes
    .openapi(accountRoutes.export, async (c) => {
      const now = deps.now();
      const archive = await collectAccountArchive(deps.db, deps.store, memberIdOf(c), now);
      const { size, body } = await zipAccountArchive(archive, deps.store);
      const day = now.toISOString().slice(0, 10);
      return c.body(body, 200, {
        'content-type': 'application/zip',
        'content-length': String(size),
        'content-disposition': `attachment; filename="lumara-export-${day}.zip"`,
        'cache-control': 'private, no-store',
      });
    })
    .openapi(accountRoutes.remove, async (c) => {
      const answer = await deleteAccount(deps, memberIdOf(c), c.req.valid('json'));
      deps.cookies.clearSession(c);
      c.header('Clear-Site-Data', '"cache", "cookies", "storage"');
      return c.json(answer, 200);
    });
}
