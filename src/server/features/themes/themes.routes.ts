import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import {
  applyThemeRequestSchema,
  applyThemeResponseSchema,
  setThemeRequestSchema,
  setThemeResponseSchema,
} from '#shared/themes.ts';
import { applyTokenTheme, setPanelTheme } from './themes.service.ts';

/** The member's theme: a theme studio panel theme or a Color Themes token theme. */
export const themesRoutes = {
  setTheme: apiRoute({
    method: 'post',
    path: '/api/profile/set-theme',
    operationId: 'setPanelTheme',
    tags: ['Themes'],
    summary: 'Choose a theme studio panel theme',
    description:
      'Any other theme id **400**. Clears a saved token theme (`POST /api/theme/apply`): one theme is in ' +
      'force.',
    request: { body: jsonBody(setThemeRequestSchema) },
    responses: { 200: json(setThemeResponseSchema, 'The theme now in force') },
  }),
  applyTheme: apiRoute({
    method: 'post',
    path: '/api/theme/apply',
    operationId: 'applyColorTheme',
    tags: ['Themes'],
    summary: 'Choose a Color Themes token theme and its colours',
    description:
      'Colours are `#rgb` or `#rrggbb`; any other name or colour **400**. Clears a saved panel theme ' +
      '(`POST /api/profile/set-theme`): one theme is in force.',
    request: { body: jsonBody(applyThemeRequestSchema) },
    responses: { 200: json(applyThemeResponseSchema, 'The theme now in force') },
  }),
};

export type ThemesRoutesDeps = {
  db: Db;
  requireMember: RequireMember;
  now: () => Date;
};

export function createThemesRoutes(deps: ThemesRoutesDeps) {
  const { db } = deps;
  return createApiRouter(deps.requireMember)
    .openapi(themesRoutes.setTheme, async (c) =>
      c.json(await setPanelTheme(db, memberIdOf(c), c.req.valid('json').theme, deps.now()), 200),
    )
    .openapi(themesRoutes.applyTheme, async (c) =>
      c.json(await applyTokenTheme(db, memberIdOf(c), c.req.valid('json'), deps.now()), 200),
    );
}
