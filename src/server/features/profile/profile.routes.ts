import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { type AppEnv, memberIdOf } from '#server/lib/http/app-env.ts';
import { notFoundText } from '#server/lib/http/errors.ts';
import { rowIdPath } from '#server/lib/http/path-params.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { serveStoredFile } from '#server/lib/http/serve-stored-file.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import {
  createFixedWindowLimiter,
  limitPerMember,
  type RateLimiter,
  type RedisLimits,
} from '#server/lib/infra/rate-limiter.ts';
import type { Lookup } from '#server/lib/infra/safe-fetch.ts';
import type { AiProviders } from '#server/providers/ai-providers.ts';
import { setAiRequestSchema } from '#shared/ai.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import {
  avatarGenerateRequestSchema,
  avatarGenerateResponseSchema,
  avatarStatusQuerySchema,
  avatarStatusResponseSchema,
  type ProfileMe,
  profileMeQuerySchema,
  profileMeSchema,
  profileSchema,
  setAvatarRequestSchema,
  setAvatarResponseSchema,
  setStatusRequestSchema,
  setStatusResponseSchema,
  setWallpaperRequestSchema,
  setWallpaperResponseSchema,
  updateProfileRequestSchema,
} from '#shared/profile.ts';
import type { GenerationService } from '../generation/generation.service.ts';
import type { ImportMediaDeps } from '../media/import-media-file.ts';
import { getAvatarStatus, startAvatarGeneration } from './avatar-generation.service.ts';
import { findProfile, setAiChoice, setStatus } from './profile.service.ts';
import { findStoredImage, type ProfileImageKind, setAvatar, setWallpaper } from './profile-images.service.ts';
import { presentProfile } from './profile-presenter.ts';
import { updateProfile } from './update-profile.ts';

/**
 * Copying an avatar or wallpaper downloads up to `MEDIA_MAX_BYTES` from elsewhere: a member changing pictures
 * by hand stays far below this; a script does not.
 */
export const PROFILE_IMAGE_SAVES_PER_MINUTE = 30;

/** A stored picture's name never changes its bytes: the viewer's browser may keep it for a year. */
const IMMUTABLE_IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** Any path that does not name a stored picture answers 404, as an unknown picture would. */
const pictureNotFound = () => notFoundText('picture');
const imagePath = z.object({
  userId: rowIdPath('picture'),
  file: z.string().max(100, { error: pictureNotFound }),
});

/** A stored picture, as the type it was checked to be when it was copied in (profile-images.service.ts). */
const pictureContent = (description: string) => {
  const schema = z.string().meta({ format: 'binary' });
  return {
    description,
    content: {
      'image/png': { schema },
      'image/jpeg': { schema },
      'image/webp': { schema },
      'image/gif': { schema },
    },
  } as const;
};

/** `GET /api/avatars/{userId}/{file}` or `GET /api/wallpapers/{userId}/{file}`: one declaration per kind. */
function pictureRoute<const P extends string>(
  path: P,
  operationId: string,
  summary: string,
  description: string,
) {
  return apiRoute({
    method: 'get',
    path,
    operationId,
    tags: ['Profile'],
    summary,
    description,
    request: { params: imagePath },
    responses: {
      200: pictureContent('The picture'),
      206: pictureContent('The part of the picture the Range header asked for'),
      416: json(apiErrorBodySchema, 'The range starts past the end of the picture (`bad_request`)'),
    },
  });
}

/**
 * The profile calls: the profile itself, `me`, status, themes, AI choice, avatar and
 * wallpaper (copied into Lumara's store), avatar generation, and the stored pictures.
 */
export const profileRoutes = {
  get: apiRoute({
    method: 'get',
    path: '/api/profile',
    operationId: 'getProfile',
    tags: ['Profile'],
    summary: "The member's stored profile fields",
    description:
      'Each field null (tags `[]`) when never set: no defaults here, so a form shows what was saved. A ' +
      'member without a saved profile reads as empty.',
    responses: { 200: json(profileSchema, 'The profile (fields never set are null)') },
  }),
  update: apiRoute({
    method: 'put',
    path: '/api/profile',
    operationId: 'updateProfile',
    tags: ['Profile'],
    summary: 'Change profile fields: name, about, pictures, wallpaper, tags, time zone',
    description:
      'The whole profile after the change. Every field is optional. An omitted field, or an empty (or ' +
      'blank) string, leaves it **unchanged** (a client may omit the text fields left empty); `null` ' +
      '**clears** it (how a member removes an avatar URL or their about text; `tags: null` empties the ' +
      'list). Text is trimmed. Unknown keys are ignored. The first save makes the profile row.\n\n' +
      'Limits: display name 60, about 2000, at most 20 tags of at most 30 characters, URLs 2048, wallpaper ' +
      'CSS 2000 characters. `tags` is a list of strings, or JSON text of one (as tags are ' +
      'stored): trimmed, empty ones and repeats dropped; anything else (bad JSON, not a list, a non-string) ' +
      "**400** with `fields.tags`. `time_zone` is an IANA name Intl knows (else **400** 'Unknown time " +
      "zone'); `language` is `en` or `es`, the interface's language on every device; " +
      '`wallpaper_css` is a gradient (docs/api.md, Profile and themes).\n\n' +
      '`avatar_url` and `wallpaper_url` are taken as `set-avatar` takes its `url`: an http(s) link or one of ' +
      "the member's generation outputs is copied into Lumara's store and the profile names the copy " +
      "(`/api/avatars/…`, `/api/wallpapers/…`), so no reader's browser loads a picture from another host; " +
      'the current Lumara path is no change; another Lumara picture path, `data:` or a private address ' +
      '**400**; not an image **415**; too big **413** (`payload_too_large`, or `storage_quota_exceeded` ' +
      "past the member's storage quota); the link's server failing **502**. A body that sets a picture " +
      'counts against the 30 picture saves a minute of `set-avatar`/`set-wallpaper` (**429**). A link ' +
      'stored before pictures were copied reads as null. Replacing a picture that Lumara stored removes the ' +
      'stored copy. Bad input **400** `validation_failed` with the failing fields, and nothing is written.',
    request: { body: jsonBody(updateProfileRequestSchema) },
    responses: { 200: json(profileSchema, 'The whole profile as saved') },
  }),
  me: apiRoute({
    method: 'get',
    path: '/api/profile/me',
    operationId: 'getProfileSummary',
    tags: ['Profile'],
    summary: "The member as the app shows them, with today's stats",
    description:
      "What the app restores at startup, and what the dashboard's profile card and the settings' Account " +
      "Information card show. `display_name`: the profile's, else the name from sign-in, else 'Lumarian'; " +
      "`avatar_url`: the profile's, " +
      "else the sign-in picture, else null (the browser shows 'L'), each only as a Lumara copy (a link to " +
      'another host reads as null); `ai_provider`/`ai_model`: the saved ' +
      "choice, else openrouter, openrouter/auto; `member_since` and `last_visit`: the account's " +
      '`created_at` and `last_signed_in_at`.\n\n' +
      "`stats` come from the dashboard's own computation (tasks completed today, focus sessions completed " +
      'today, streak days), "today" in the profile\'s time zone, else the `time_zone` asked for, else UTC; ' +
      'a malformed `time_zone` **400**.',
    request: { query: queryOf(profileMeQuerySchema) },
    responses: { 200: json(profileMeSchema, 'Account, profile with defaults, and stats') },
  }),
  setStatus: apiRoute({
    method: 'post',
    path: '/api/profile/set-status',
    operationId: 'setProfileStatus',
    tags: ['Profile'],
    summary: 'Set the status line',
    description: 'The status is trimmed, and must be non-empty after trimming.',
    request: { body: jsonBody(setStatusRequestSchema) },
    responses: { 200: json(setStatusResponseSchema, 'The status as saved') },
  }),
  setAi: apiRoute({
    method: 'post',
    path: '/api/profile/set-ai',
    operationId: 'setDefaultAiModel',
    tags: ['Profile'],
    summary: 'Choose the default AI provider and model',
    description:
      'The choice as saved (model trimmed); one profile row per member, updated in place. Any provider ' +
      "(fal included, for the studio's default) with a model the server offers with it, of any kind: the " +
      "catalogue's, `AI_ALLOWED_MODELS`, the local server's (any when `OPENAI_COMPAT_MODELS` is not set); " +
      'another **400** `validation_failed` on `aiModel`. AI calls that leave provider and model out use it ' +
      '(see `POST /api/ai/chat`).',
    request: { body: jsonBody(setAiRequestSchema) },
    responses: { 200: json(setAiRequestSchema, 'The choice as saved') },
  }),
  setAvatar: apiRoute({
    method: 'post',
    path: '/api/profile/set-avatar',
    operationId: 'setAvatar',
    tags: ['Profile'],
    summary: 'Set the avatar: the picture is copied into Lumara (empty removes it)',
    description:
      "Provider links expire, so the picture is copied into Lumara's store with `importMediaFile` " +
      '(`avatars/<userId>/<uuid>.<ext>`) and `avatar_url` becomes `/api/avatars/{userId}/{uuid}.{ext}`; ' +
      'the previous copy is removed. `url` is an http(s) link (fetched through the SSRF-safe fetch, as ' +
      "`POST /api/media`), one of the member's generation outputs `/api/ai/jobs/{jobId}/outputs/{n}` " +
      "(another member's **404**), or the current `avatar_url` (no change). Empty removes the avatar.\n\n" +
      "Not an image **415**; too big **413**; the link's server failing **502**; a private address, " +
      '`data:`, `javascript:` or another Lumara path **400**. 30 picture saves a minute per member ' +
      '(**429** with `Retry-After`).',
    request: { body: jsonBody(setAvatarRequestSchema) },
    responses: { 200: json(setAvatarResponseSchema, 'The avatar path now stored') },
  }),
  setWallpaper: apiRoute({
    method: 'post',
    path: '/api/profile/set-wallpaper',
    operationId: 'setWallpaper',
    tags: ['Profile'],
    summary: 'Set the wallpaper: a picture copied into Lumara, or a CSS gradient',
    description:
      '`wallpaperUrl` as `POST /api/profile/set-avatar` takes its `url` (copied to ' +
      '`wallpapers/<userId>/…`, served at `/api/wallpapers/{userId}/{file}`); `wallpaperCss` a gradient ' +
      '(docs/api.md, Profile and themes). Each omitted field is unchanged, each empty one cleared. The ' +
      'same limits and errors as `set-avatar`.',
    request: { body: jsonBody(setWallpaperRequestSchema) },
    responses: { 200: json(setWallpaperResponseSchema, 'The wallpaper as now stored') },
  }),
  avatarGenerate: apiRoute({
    method: 'post',
    path: '/api/profile/avatar-generate',
    operationId: 'generateAvatar',
    tags: ['Profile'],
    summary: 'Generate an avatar from a prompt',
    description:
      'A 1024x1024 image job (a generation job like `POST /api/ai/image`) made from the prompt as sent ' +
      '(the browser builds it from the chosen avatar style and the display name). The provider is the ' +
      'first configured of fal (`fal-ai/flux/schnell`), OpenRouter (`google/gemini-2.5-flash-image`), ' +
      'Straico (`openai/dall-e-3`); none **503** `provider_not_configured` naming `FAL_KEY`. `url` is the ' +
      "provider's link when ready (save it with `POST /api/profile/set-avatar`), `jobId` the job to poll, " +
      '`error` set when failed. Counts against the per-member AI limits (`AI_RATE_LIMIT_PER_MINUTE` a ' +
      'minute, `AI_DAILY_CALLS_PER_MEMBER` a day) and the jobs in flight ' +
      '(`GENERATION_JOBS_IN_FLIGHT_PER_MEMBER`): **429** `rate_limited` with `Retry-After`.',
    request: { body: jsonBody(avatarGenerateRequestSchema) },
    responses: {
      200: json(avatarGenerateResponseSchema, 'Ready with a url, pending with a jobId, or failed'),
    },
  }),
  avatarStatus: apiRoute({
    method: 'get',
    path: '/api/profile/avatar-status',
    operationId: 'getAvatarGenerationStatus',
    tags: ['Profile'],
    summary: 'Check a pending avatar generation',
    description: "The member's own job only: another member's or an unknown job **404**; no `jobId` **400**.",
    request: { query: queryOf(avatarStatusQuerySchema) },
    responses: { 200: json(avatarStatusResponseSchema, 'Ready with a url, pending, or failed') },
  }),
  avatarFile: pictureRoute(
    '/api/avatars/{userId}/{file}',
    'getAvatarFile',
    "A member's stored avatar (any signed-in member may see it)",
    'The stored avatar, to any signed-in member (the community shows avatars): its `Content-Type`, ' +
      '`nosniff`, `Cache-Control: private, max-age=31536000, immutable` (a file name is never reused). ' +
      'Only the copy the profile names now; anything else **404**.',
  ),
  wallpaperFile: pictureRoute(
    '/api/wallpapers/{userId}/{file}',
    'getWallpaperFile',
    "The member's own stored wallpaper (another member's answers 404)",
    "The stored wallpaper, to its owner only (another member's **404**), with the headers of an avatar: " +
      'its `Content-Type`, `nosniff`, `Cache-Control: private, max-age=31536000, immutable`. Only the copy ' +
      'the profile names now; anything else **404**.',
  ),
};

/** Whether a `PUT /api/profile` body sets a picture (a copy to make), before the body is validated. */
function namesPicture(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  return ['avatar_url', 'wallpaper_url'].some((field) => {
    const value = (body as Record<string, unknown>)[field];
    return typeof value === 'string' && value.trim() !== '';
  });
}

export type ProfileRoutesDeps = {
  db: Db;
  /**
   * `GET /api/profile/me`'s answer: the profile with today's stats, which are the dashboard's; the app composes
   * the two (src/server/composition/profile-me.ts), so this feature does not import the dashboard's.
   */
  getProfileMe: (
    db: Db,
    userId: number,
    requestedTimeZone: string | undefined,
    now: Date,
  ) => Promise<ProfileMe>;
  requireMember: RequireMember;
  now: () => Date;
  ai: AiProviders;
  aiLimiter: RateLimiter;
  generation: GenerationService;
  store: MediaStore;
  media: MediaConfig;
  appUrl: URL;
  logger: Logger;
  /** DNS for copying pictures from links; the system's when absent (tests inject one). */
  lookup?: Lookup;
  /** Count this feature's limits on the servers' shared Redis; in this process when absent. */
  redisLimits?: RedisLimits;
};

/**
 * Every call acts on the signed-in member's own profile; only avatars are readable by other members.
 */
export function createProfileRoutes(deps: ProfileRoutesDeps) {
  const routes = createApiRouter(deps.requireMember);
  const { db } = deps;
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');
  const limitImageSaves = limitPerMember(
    createFixedWindowLimiter({
      limit: PROFILE_IMAGE_SAVES_PER_MINUTE,
      windowMs: 60_000,
      now: () => deps.now().getTime(),
      redis: deps.redisLimits,
      prefix: 'picture-saves',
    }),
    'picture save',
  );
  // `PUT /api/profile` copies a picture only when it names one; other profile saves are not counted.
  const limitPictureChanges = createMiddleware<AppEnv>(async (c, next) => {
    const body: unknown = await c.req.json().catch(() => null);
    return namesPicture(body) ? limitImageSaves(c, next) : next();
  });
  const importDeps = (logger: Logger): ImportMediaDeps => ({
    db,
    store: deps.store,
    media: deps.media,
    appUrl: deps.appUrl,
    logger,
    ...(deps.lookup ? { lookup: deps.lookup } : {}),
  });
  /** A stored picture, served to whoever findStoredImage allows; its name never changes its bytes. */
  const servePicture = async (
    request: Request,
    kind: ProfileImageKind,
    path: { userId: number; file: string },
    viewerId: number,
  ) => {
    const stored = await findStoredImage(deps, kind, path.userId, path.file, viewerId);
    const response = await serveStoredFile(request, deps.store, stored, 'inline');
    response.headers.set('Cache-Control', IMMUTABLE_IMAGE_CACHE_CONTROL);
    return response;
  };

  // `/api/profile/*` covers `/api/profile` itself too; the other paths ask for the member on their own route.
  // Either way the member is known before any input is read.

  return routes
    .openapi(profileRoutes.get, async (c) =>
      c.json(presentProfile(await findProfile(db, memberIdOf(c))), 200),
    )
    .openapi({ ...profileRoutes.update, middleware: [limitPictureChanges] as const }, async (c) =>
      c.json(
        await updateProfile(importDeps(c.get('logger')), memberIdOf(c), c.req.valid('json'), deps.now()),
        200,
      ),
    )
    .openapi(profileRoutes.me, async (c) => {
      const { time_zone } = c.req.valid('query');
      return c.json(await deps.getProfileMe(db, memberIdOf(c), time_zone, deps.now()), 200);
    })
    .openapi(profileRoutes.setStatus, async (c) =>
      c.json(await setStatus(db, memberIdOf(c), c.req.valid('json').status, deps.now()), 200),
    )
    .openapi(profileRoutes.setAi, async (c) =>
      c.json(await setAiChoice(db, deps.ai.models, memberIdOf(c), c.req.valid('json'), deps.now()), 200),
    )
    .openapi({ ...profileRoutes.setAvatar, middleware: [limitImageSaves] as const }, async (c) => {
      const { url } = c.req.valid('json');
      return c.json(await setAvatar(importDeps(c.get('logger')), memberIdOf(c), url, deps.now()), 200);
    })
    .openapi({ ...profileRoutes.setWallpaper, middleware: [limitImageSaves] as const }, async (c) =>
      c.json(
        await setWallpaper(importDeps(c.get('logger')), memberIdOf(c), c.req.valid('json'), deps.now()),
        200,
      ),
    )
    .openapi({ ...profileRoutes.avatarGenerate, middleware: [limitAi] as const }, async (c) =>
      c.json(await startAvatarGeneration(deps, memberIdOf(c), c.req.valid('json').prompt), 200),
    )
    .openapi(profileRoutes.avatarStatus, async (c) =>
      c.json(await getAvatarStatus(deps, memberIdOf(c), c.req.valid('query').jobId), 200),
    )
    .openapi(profileRoutes.avatarFile, (c) =>
      servePicture(c.req.raw, 'avatar', c.req.valid('param'), memberIdOf(c)),
    )
    .openapi(profileRoutes.wallpaperFile, (c) =>
      servePicture(c.req.raw, 'wallpaper', c.req.valid('param'), memberIdOf(c)),
    );
}
