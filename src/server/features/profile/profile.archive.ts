import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { profiles } from '#server/db/schema.ts';
import { type ArchiveAdapter, archivePathOf, type CollectedFile } from '#server/lib/data/archive-adapter.ts';
import type { AllowedModels } from '#server/providers/allowed-models.ts';
import { type ArchiveContents, EMPTY_ARCHIVE_PROFILE } from '#shared/account-archive.ts';
import { aiProviderIdSchema, modelIdSchema } from '#shared/ai.ts';
import { languageSchema, wallpaperCssSchema } from '#shared/profile.ts';
import { panelThemeIdSchema, themeTokensSchema, tokenThemeNameSchema } from '#shared/themes.ts';
import { timeZoneSchema } from '#shared/time-zone.ts';
import { storedImagePath } from './profile-images.service.ts';

type ArchiveProfile = ArchiveContents['profile'];
type ProfileRow = typeof profiles.$inferSelect;

/**
 * A stored value as the archive's schema has it, or null when it is not one (a value from before a schema
 * tightened): the archive must stay importable, and a null profile field is simply not set.
 */
function validOrNull<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The profile's fields an archive carries, beside the columns that hold them. */
const columnOf = {
  display_name: 'displayName',
  about: 'about',
  tags: 'tags',
  status: 'status',
  theme: 'theme',
  theme_name: 'themeName',
  theme_tokens: 'themeTokens',
  time_zone: 'timeZone',
  language: 'language',
  ai_provider: 'aiProvider',
  ai_model: 'aiModel',
  wallpaper_css: 'wallpaperCss',
} as const satisfies Partial<Record<keyof ArchiveProfile, keyof ProfileRow>>;

const unset = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The member's profile, with the avatar and wallpaper files under `profile/`. On import a field is only filled
 * where the member has none (an import never overwrites what they set); every value is held by the schema to the
 * profile routes' own (theme, tokens, zone, provider, model, gradient-only wallpaper CSS; a model only when this
 * server offers it), and the pictures are checked as every saved picture is.
 */
export function createProfileArchive(deps: { models: Pick<AllowedModels, 'allows'> }): ArchiveAdapter {
  return {
    kinds: ['profile'],
    async collect(tx, memberId) {
      const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, memberId));
      if (!profile) return { contents: { profile: { ...EMPTY_ARCHIVE_PROFILE } }, files: [] };
      const files: CollectedFile[] = [];
      const archived: ArchiveProfile = {
        display_name: profile.displayName,
        about: profile.about,
        tags: Array.isArray(profile.tags) ? (profile.tags as string[]) : [],
        status: profile.status,
        theme: validOrNull(panelThemeIdSchema, profile.theme),
        theme_name: validOrNull(tokenThemeNameSchema, profile.themeName),
        theme_tokens: validOrNull(themeTokensSchema, profile.themeTokens),
        time_zone: validOrNull(timeZoneSchema, profile.timeZone),
        language: validOrNull(languageSchema, profile.language),
        ai_provider: validOrNull(aiProviderIdSchema, profile.aiProvider),
        ai_model: validOrNull(modelIdSchema, profile.aiModel),
        wallpaper_css: validOrNull(wallpaperCssSchema, profile.wallpaperCss),
        avatar_file: null,
        wallpaper_file: null,
      };
      for (const [field, key, name] of [
        ['avatar_file', profile.avatarKey, 'avatar'],
        ['wallpaper_file', profile.wallpaperKey, 'wallpaper'],
      ] as const) {
        if (!key) continue;
        const path = archivePathOf('profile', name, key);
        archived[field] = path;
        files.push({
          path,
          key,
          forget: () => {
            archived[field] = null;
          },
        });
      }
      return { contents: { profile: archived }, files };
    },
    async plan(reader, { memberId, contents, now }) {
      const [held] = await reader.select().from(profiles).where(eq(profiles.userId, memberId));
      // A model this server does not offer is not taken (as set-ai refuses it): the member's choice stays unset.
      const offered =
        contents.profile.ai_provider === null ||
        contents.profile.ai_model === null ||
        deps.models.allows(contents.profile.ai_provider, contents.profile.ai_model);
      const archived = offered
        ? contents.profile
        : { ...contents.profile, ai_provider: null, ai_model: null };
      const columns: Partial<ProfileRow> = {};
      for (const [field, column] of Object.entries(columnOf) as [keyof typeof columnOf, keyof ProfileRow][]) {
        if (unset(held?.[column]) && !unset(archived[field]))
          Object.assign(columns, { [column]: archived[field] });
      }
      const avatar = !held?.avatarKey && !held?.avatarUrl ? archived.avatar_file : null;
      const wallpaper = !held?.wallpaperKey && !held?.wallpaperUrl ? archived.wallpaper_file : null;
      const changes = Object.keys(columns).length + (avatar ? 1 : 0) + (wallpaper ? 1 : 0);
      return {
        adds: { profile: changes > 0 ? 1 : 0 },
        files: [
          ...(avatar
            ? [{ path: avatar, mediaType: 'image', declaredType: null, folder: 'avatars' } as const]
            : []),
          ...(wallpaper
            ? [{ path: wallpaper, mediaType: 'image', declaredType: null, folder: 'wallpapers' } as const]
            : []),
        ],
        async write(tx, stored) {
          if (changes === 0) return;
          const avatarFile = avatar ? stored.get(avatar) : undefined;
          const wallpaperFile = wallpaper ? stored.get(wallpaper) : undefined;
          await tx.insert(profiles).values({ userId: memberId, updatedAt: now }).onConflictDoNothing();
          await tx
            .update(profiles)
            .set({
              ...columns,
              ...(avatarFile
                ? { avatarKey: avatarFile.key, avatarUrl: storedImagePath(avatarFile.key) }
                : {}),
              ...(wallpaperFile
                ? { wallpaperKey: wallpaperFile.key, wallpaperUrl: storedImagePath(wallpaperFile.key) }
                : {}),
              updatedAt: now,
            })
            .where(eq(profiles.userId, memberId));
        },
      };
    },
  };
}
