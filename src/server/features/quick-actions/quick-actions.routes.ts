import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import { successSchema } from '#shared/api.ts';
import {
  createQuickActionRequestSchema,
  quickActionSchema,
  quickActionsResponseSchema,
} from '#shared/quick-actions.ts';
import {
  createQuickAction,
  deleteQuickAction,
  listQuickActions,
  seedQuickActions,
} from './quick-actions.service.ts';

/**
 * Quick actions, paths kept exactly as clients know them, plus `POST /api/quick-actions/seed` (a member with
 * none can seed the five defaults). Every call acts on the signed-in member's own actions.
 */
export const quickActionRoutes = {
  list: apiRoute({
    method: 'get',
    path: '/api/quick-actions',
    operationId: 'listQuickActions',
    tags: ['Quick actions'],
    summary: "The member's quick actions, oldest first",
    description: '`payload` is always an object.',
    responses: { 200: json(quickActionsResponseSchema, 'Every quick action of the member') },
  }),
  create: apiRoute({
    method: 'post',
    path: '/api/quick-actions',
    operationId: 'createQuickAction',
    tags: ['Quick actions'],
    summary: 'Add a quick action',
    description:
      '**201** the action. Text fields are trimmed. `payload` is an object or its JSON text; its ' +
      '`promptTemplate` must contain `{{selection}}`. Anything else **400** `validation_failed` with the ' +
      'failing fields, nothing written. At most 50 actions per member: **409** `conflict` beyond.',
    request: { body: jsonBody(createQuickActionRequestSchema) },
    responses: { 201: json(quickActionSchema, 'The new quick action') },
  }),
  seed: apiRoute({
    method: 'post',
    path: '/api/quick-actions/seed',
    operationId: 'seedQuickActions',
    tags: ['Quick actions'],
    summary: 'Add the five default quick actions, when the member has none',
    description:
      'When the member has no actions, the five ' +
      'defaults (`defaultQuickActions`: Summarize, Explain simply, Caption it, Brainstorm, Deep research; ' +
      'maxChars 1000, 900, 500, 800, 2000) are added and the answer is **201**; otherwise nothing changes ' +
      "and it is **200**. Seeding runs in one transaction holding the member's lock, so a double click " +
      'seeds once.',
    responses: {
      201: json(quickActionsResponseSchema, 'The five were added: the list'),
      200: json(quickActionsResponseSchema, 'The member already had actions; nothing changed: the list'),
    },
  }),
  remove: apiRoute({
    method: 'delete',
    path: '/api/quick-actions/{id}',
    operationId: 'deleteQuickAction',
    tags: ['Quick actions'],
    summary: 'Delete a quick action',
    description: "Another member's or an unknown id **404**.",
    request: { params: idParams('quickAction') },
    responses: { 200: json(successSchema, 'Deleted') },
  }),
};

export function createQuickActionRoutes(deps: { db: Db; requireMember: RequireMember; now: () => Date }) {
  return createApiRouter(deps.requireMember)
    .openapi(quickActionRoutes.list, async (c) => c.json(await listQuickActions(deps.db, memberIdOf(c)), 200))
    .openapi(quickActionRoutes.create, async (c) =>
      c.json(await createQuickAction(deps.db, memberIdOf(c), c.req.valid('json'), deps.now()), 201),
    )
    .openapi(quickActionRoutes.seed, async (c) => {
      const { seeded, actions } = await seedQuickActions(deps.db, memberIdOf(c), deps.now());
      return seeded ? c.json(actions, 201) : c.json(actions, 200);
    })
    .openapi(quickActionRoutes.remove, async (c) => {
      await deleteQuickAction(deps.db, memberIdOf(c), c.req.valid('param').id);
      return c.json({ success: true } as const, 200);
    });
}
