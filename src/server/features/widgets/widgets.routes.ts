import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import { successSchema } from '#shared/api.ts';
import {
  createWidgetBodySchema,
  updateWidgetRequestSchema,
  widgetListSchema,
  widgetSchema,
} from '#shared/widgets.ts';
import { createWidget, deleteWidget, listWidgets, updateWidget } from './widgets.service.ts';

const widgetPath = idParams('widget');

/**
 * The widget calls, and `PUT /api/widgets/{id}` for the order kept on the server. Every call acts on the
 * signed-in member's own widgets.
 */
export const widgetRoutes = {
  list: apiRoute({
    method: 'get',
    path: '/api/widgets',
    operationId: 'listWidgets',
    tags: ['Widgets'],
    summary: "The member's widgets, in grid order",
    description: 'Ordered by `order_index`.',
    responses: { 200: json(widgetListSchema, 'Every widget of the member') },
  }),
  create: apiRoute({
    method: 'post',
    path: '/api/widgets',
    operationId: 'createWidget',
    tags: ['Widgets'],
    summary: 'Add a widget from a pasted link or embed code',
    description:
      '**201** the widget. The server derives `type` and the embed `url` from the pasted link or embed ' +
      'code (`toEmbed` in `src/shared/embeds.ts`: YouTube, Spotify, Google Calendar, Suno, else a generic ' +
      'https `iframe`); the `type` sent only counts as `profile`, which takes no URL (one sent **400**). ' +
      '`javascript:`, `data:`, http for generic pages, userinfo, local or IP hosts, lookalike hosts, a ' +
      "Suno short link and the app's own origin answer **400**. `col_span` ∈ 3, 6, 9, 12; `row_span` ∈ 3, " +
      '6, 9.',
    request: { body: jsonBody(createWidgetBodySchema) },
    responses: { 201: json(widgetSchema, 'The new widget, with the embed URL derived from the link') },
  }),
  update: apiRoute({
    method: 'put',
    path: '/api/widgets/{id}',
    operationId: 'updateWidget',
    tags: ['Widgets'],
    summary: 'Move a widget in the grid (the others are renumbered), and change its size',
    description:
      'The widget, at that place in the grid: `order_index` is the zero-based place it takes, and the ' +
      'others are renumbered 0, 1, 2… around it. `col_span` (3, 6, 9, 12) and `row_span` (3, 6, 9) resize ' +
      "it when sent. Another member's or an unknown id **404**.",
    request: { params: widgetPath, body: jsonBody(updateWidgetRequestSchema) },
    responses: { 200: json(widgetSchema, 'The widget after the change') },
  }),
  remove: apiRoute({
    method: 'delete',
    path: '/api/widgets/{id}',
    operationId: 'deleteWidget',
    tags: ['Widgets'],
    summary: 'Delete a widget',
    description: "Another member's or an unknown id **404**.",
    request: { params: widgetPath },
    responses: { 200: json(successSchema, 'Deleted') },
  }),
};

/** `appUrl` is the app's public origin: a widget may not frame the app itself. */
export function createWidgetRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  appUrl: URL;
  now: () => Date;
}) {
  const routes = createApiRouter(deps.requireMember);
  return routes
    .openapi(widgetRoutes.list, async (c) => c.json(await listWidgets(deps.db, memberIdOf(c)), 200))
    .openapi(widgetRoutes.create, async (c) =>
      c.json(
        await createWidget(deps.db, memberIdOf(c), c.req.valid('json'), deps.appUrl.origin, deps.now()),
        201,
      ),
    )
    .openapi(widgetRoutes.update, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await updateWidget(deps.db, memberIdOf(c), id, c.req.valid('json')), 200);
    })
    .openapi(widgetRoutes.remove, async (c) => {
      await deleteWidget(deps.db, memberIdOf(c), c.req.valid('param').id);
      return c.json({ success: true } as const, 200);
    });
}
