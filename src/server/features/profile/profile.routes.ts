import { Hono } from 'hono';
import { z } from 'zod';
import type { AiProviders } from '#server/ai/ai-providers.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { notFound } from '#server/lib/errors.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createFixedWindowLimiter, limitPerMember, type RateLimiter } from '#server/lib/rate-limiter.ts';
import type { Lookup } from '#server/lib/safe-fetch.ts';
import { parseWith, readJson } from '#server/lib/validation.ts';
import { setAiRequestSchema } from '#shared/ai.ts';
import {
  applyThemeRequestSchema,
  avatarGenerateRequestSchema,
  avatarStatusQuerySchema,
  profileMeQuerySchema,
  setAvatarRequestSchema,
  setStatusRequestSchema,
  setThemeRequestSchema,
  setWallpaperRequestSchema,
  updateProfileRequestSchema,
} from '#shared/profile.ts';
import { rowIdParamSchema } from '#shared/row-id.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import type { GenerationService } from '../generation/generation.service.ts';
import type { ImportMediaDeps } from '../media/import-media-file.ts';
import type { MediaStore } from '../media/media-store.ts';
import { serveStoredFile } from '../media/serve-stored-file.ts';
import { getAvatarStatus, startAvatarGeneration } from './avatar-generation.service.ts';
import { applyTokenTheme, findProfile, setAiChoice, setPanelTheme, setStatus } from './profile.service.ts';
import { findStoredImage, type ProfileImageKind, setAvatar, setWallpaper } from './profile-images.service.ts';
import { getProfileMe } from './profile-me.service.ts';
import { presentProfile } from './profile-presenter.ts';
import { updateProfile } from './update-profile.ts';

/**
 * Copying an avatar or wallpaper downloads up to `MEDIA_MAX_BYTES` from elsewhere: a member changing pictures
 * by hand stays far below this; a script does not.
 */
export const PROFILE_IMAGE_SAVES_PER_MINUTE = 30;

/** A stored picture's name never changes its bytes: the viewer's browser may keep it for a year. */
const IMMUTABLE_IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

const imagePathSchema = z.object({
  userId: rowIdParamSchema,
  file: z.string().max(100),
});

export type ProfileRoutesDeps = {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
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
};

/**
 * Part 1 §7 and part 2 §7 profile calls: the profile itself, `me`, status, themes, AI choice, avatar and
 * wallpaper (copied into Lumara's store), avatar generation, and the stored pictures. Every call acts on the
 * signed-in member's own profile; only avatars are readable by other members.
 */
export function createProfileRoutes(deps: ProfileRoutesDeps) {
  const routes = new Hono<AppEnv>();
  const { db } = deps;
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');
  const limitImageSaves = limitPerMember(
    createFixedWindowLimiter({
      limit: PROFILE_IMAGE_SAVES_PER_MINUTE,
      windowMs: 60_000,
      now: () => deps.now().getTime(),
    }),
    'picture save',
  );
  const memberId = (c: { get(key: 'member'): { user: { id: number } } }) => c.get('member').user.id;
  const importDeps = (logger: Logger): ImportMediaDeps => ({
    db,
    store: deps.store,
    media: deps.media,
    appUrl: deps.appUrl,
    logger,
    ...(deps.lookup ? { lookup: deps.lookup } : {}),
  });

  // `/api/profile/*` covers `/api/profile` itself too.
  routes.use('/api/profile/*', deps.requireMember);

  routes.get('/api/profile', async (c) => c.json(presentProfile(await findProfile(db, memberId(c)))));

  routes.put('/api/profile', async (c) => {
    const changes = await readJson(c, updateProfileRequestSchema);
    return c.json(await updateProfile(importDeps(c.get('logger')), memberId(c), changes, deps.now()));
  });

  routes.get('/api/profile/me', async (c) => {
    const { time_zone } = parseWith(profileMeQuerySchema, {
      time_zone: c.req.query('time_zone') || undefined,
    });
    return c.json(await getProfileMe(db, memberId(c), time_zone, deps.now()));
  });

  routes.post('/api/profile/set-status', async (c) => {
    const { status } = await readJson(c, setStatusRequestSchema);
    return c.json(await setStatus(db, memberId(c), status, deps.now()));
  });

  routes.post('/api/profile/set-theme', async (c) => {
    const { theme } = await readJson(c, setThemeRequestSchema);
    return c.json(await setPanelTheme(db, memberId(c), theme, deps.now()));
  });

  routes.post('/api/theme/apply', deps.requireMember, async (c) => {
    const request = await readJson(c, applyThemeRequestSchema);
    return c.json(await applyTokenTheme(db, memberId(c), request, deps.now()));
  });

  routes.post('/api/profile/set-ai', async (c) => {
    const choice = await readJson(c, setAiRequestSchema);
    return c.json(await setAiChoice(db, memberId(c), choice, deps.now()));
  });

  routes.post('/api/profile/set-avatar', limitImageSaves, async (c) => {
    const { url } = await readJson(c, setAvatarRequestSchema);
    return c.json(await setAvatar(importDeps(c.get('logger')), memberId(c), url, deps.now()));
  });

  routes.post('/api/profile/set-wallpaper', limitImageSaves, async (c) => {
    const change = await readJson(c, setWallpaperRequestSchema);
    return c.json(await setWallpaper(importDeps(c.get('logger')), memberId(c), change, deps.now()));
  });

  routes.post('/api/profile/avatar-generate', limitAi, async (c) => {
    const { prompt } = await readJson(c, avatarGenerateRequestSchema);
    return c.json(await startAvatarGeneration(deps, memberId(c), prompt));
  });

  routes.get('/api/profile/avatar-status', async (c) => {
    const { jobId } = parseWith(avatarStatusQuerySchema, { jobId: c.req.query('jobId') });
    return c.json(await getAvatarStatus(deps, memberId(c), jobId));
  });

  const servePicture = (kind: ProfileImageKind) =>
    routes.get(`/api/${kind}s/:userId/:file`, deps.requireMember, async (c) => {
      const path = imagePathSchema.safeParse(c.req.param());
      if (!path.success) throw notFound('That picture');
      const file = await findStoredImage(deps, kind, path.data.userId, path.data.file, memberId(c));
      const response = await serveStoredFile(c.req.raw, deps.store, file, 'inline');
      response.headers.set('Cache-Control', IMMUTABLE_IMAGE_CACHE_CONTROL);
      return response;
    });
  servePicture('avatar');
  servePicture('wallpaper');

  return routes;
}
