import { z } from 'zod';
import { AI_LIMITS, aiProviderIdSchema } from './ai.ts';
import { generationStatusSchema } from './generation.ts';
import { languages } from './language.ts';
import { reason, sharedText } from './texts.ts';
import { panelThemeIdSchema, themeTokensSchema, tokenThemeNameSchema } from './themes.ts';
import { timeZoneSchema } from './time-zone.ts';

/** 'en' or 'es': the interface's language a member chose. */
export const languageSchema = z.enum(languages);

/**
 * The profile, its avatar and wallpaper, and the member's theme choice: what Settings edits and the
 * dashboard's profile card shows.
 *
 * Everything a member stores here is shown back to them, and the display name and avatar to every other member
 * in the community: URLs and CSS are validated so they can neither run script nor reach another origin's data.
 */

/** The longest each field may be, reported on 400. */
export const PROFILE_LIMITS = {
  displayNameMax: 60,
  aboutMax: 2_000,
  statusMax: 140,
  tagsMax: 20,
  tagMax: 30,
  urlMax: 2_048,
  /** A few layered gradients with a dozen stops each fit easily. */
  wallpaperCssMax: 2_000,
  promptMax: AI_LIMITS.promptMax,
} as const;

/** The display name shown when the member set none. */
export const DEFAULT_DISPLAY_NAME = 'Lumarian';
/** The avatar's initials when there is no picture (the browser's fallback). */
export const AVATAR_INITIALS_FALLBACK = 'L';

/** Avatar styles (cartoon is named after the display name) and wallpaper styles. */
export const avatarStyles = ['cartoon', 'stage-diva', 'parrot-pals'] as const;
export const avatarStyleSchema = z.enum(avatarStyles);
export type AvatarStyle = z.infer<typeof avatarStyleSchema>;

export const wallpaperStyles = [
  'pastel-nebula',
  'miami-sunset',
  'parrot-constellations',
  'classy-noir',
] as const;
export const wallpaperStyleSchema = z.enum(wallpaperStyles);
export type WallpaperStyle = z.infer<typeof wallpaperStyleSchema>;

/** Wallpapers are 1792x1024, avatars square. */
export const WALLPAPER_SIZE = '1792x1024';
export const AVATAR_SIZE = '1024x1024';

// ---------------------------------------------------------------------------------------------------------------
// URLs members store

/**
 * Lumara's own paths for the copies it keeps: avatars are served to any signed-in member, wallpapers to their
 * owner only (`GET /api/avatars/{userId}/{file}`, `GET /api/wallpapers/{userId}/{file}`). The file name is a UUID
 * and an image extension, nothing a path could be bent with.
 */
export const STORED_IMAGE_FILE_PATTERN = /^[0-9a-f-]{36}\.(?:png|jpg|webp|gif)$/;
const ownImagePathPattern =
  /^\/api\/(?:avatars|wallpapers)\/[1-9]\d{0,9}\/[0-9a-f-]{36}\.(?:png|jpg|webp|gif)$/;

/**
 * A picture as members' browsers may load it: only Lumara's own copy. A link to anywhere else (a profile saved
 * before pictures were copied, a sign-in provider's picture) reads as no picture, so no reader's browser ever
 * asks another host for it.
 */
export function ownPictureOrNone(url: string | null | undefined): string | null {
  return url && ownImagePathPattern.test(url) ? url : null;
}

/** A generation's output Lumara keeps itself (inline provider answers): `/api/ai/jobs/{uuid}/outputs/{n}`. */
const jobOutputPathPattern = /^\/api\/ai\/jobs\/[0-9a-f-]{36}\/outputs\/\d{1,3}$/;

/**
 * Where `set-avatar`/`set-wallpaper` and `PUT /api/profile`'s `avatar_url`/`wallpaper_url` copy an image from: an
 * http(s) link (fetched by the server's safe fetch, which refuses private addresses unless configured), one of
 * the member's generation outputs, or the member's current Lumara copy (no change). Empty clears. The browser
 * never loads the link itself: only Lumara's copy.
 */
export const imageSourceSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.urlMax, reason('shared.limits.atMostCharacters', { max: PROFILE_LIMITS.urlMax }))
  .refine((text) => {
    if (text === '' || jobOutputPathPattern.test(text) || ownImagePathPattern.test(text)) return true;
    try {
      const url = new URL(text);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
      );
    } catch {
      return false;
    }
  }, reason('shared.profile.imageLink'));

// ---------------------------------------------------------------------------------------------------------------
// Wallpaper CSS

/** Keywords a gradient may use: directions, shapes, sizes, positions, colour interpolation. Nothing else. */
const gradientKeywords = new Set([
  'to',
  'at',
  'from',
  'in',
  'left',
  'right',
  'top',
  'bottom',
  'center',
  'circle',
  'ellipse',
  'closest-side',
  'closest-corner',
  'farthest-side',
  'farthest-corner',
  'transparent',
  'srgb',
  'oklab',
  'oklch',
  'hsl',
  'shorter',
  'longer',
  'increasing',
  'decreasing',
  'hue',
]);
const gradientFunctions = new Set([
  'linear-gradient',
  'radial-gradient',
  'conic-gradient',
  'repeating-linear-gradient',
  'repeating-radial-gradient',
  'repeating-conic-gradient',
]);
const colourFunctions = new Set(['rgb', 'rgba', 'hsl', 'hsla']);

type CssToken =
  | { kind: 'word'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'hex'; text: string }
  | { kind: 'open' | 'close' | 'comma' | 'slash' };

const tokenPattern =
  /\s+|([a-z][a-z-]*)|(-?(?:\d+\.?\d*|\.\d+)(?:%|deg|grad|rad|turn|px|em|rem|vw|vh|vmin|vmax)?)|(#[0-9a-f]{3,8})|([(),/])/iy;

/** Splits the text into the few token kinds a gradient needs; any other character (`;{}\:'"<` …) fails. */
function tokenizeGradientCss(css: string): CssToken[] | null {
  const tokens: CssToken[] = [];
  tokenPattern.lastIndex = 0;
  while (tokenPattern.lastIndex < css.length) {
    const match = tokenPattern.exec(css);
    if (!match) return null;
    const [, word, number, hex, punct] = match;
    if (word) tokens.push({ kind: 'word', text: word.toLowerCase() });
    else if (number) tokens.push({ kind: 'number', text: number });
    else if (hex) {
      if (![4, 5, 7, 9].includes(hex.length)) return null;
      tokens.push({ kind: 'hex', text: hex });
    } else if (punct)
      tokens.push({
        kind: punct === '(' ? 'open' : punct === ')' ? 'close' : punct === ',' ? 'comma' : 'slash',
      });
  }
  return tokens;
}

/**
 * Reads `rgb(…)`-style arguments starting after the `(`: numbers, commas and one `/` only. Answers the index
 * after the closing `)`, or -1.
 */
function readColourArguments(tokens: CssToken[], from: number): number {
  let index = from;
  let numbers = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    if (!token) return -1;
    if (token.kind === 'close') return numbers >= 3 && numbers <= 4 ? index + 1 : -1;
    if (token.kind === 'number') numbers += 1;
    else if (token.kind !== 'comma' && token.kind !== 'slash') return -1;
    index += 1;
  }
  return -1;
}

/** Reads one gradient's arguments after its `(`. Answers the index after its `)`, or -1. */
function readGradientArguments(tokens: CssToken[], from: number): number {
  let index = from;
  let items = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    if (!token) return -1;
    if (token.kind === 'close') return items > 0 ? index + 1 : -1;
    if (token.kind === 'word') {
      const next = tokens[index + 1];
      if (colourFunctions.has(token.text) && next?.kind === 'open') {
        index = readColourArguments(tokens, index + 2);
        if (index < 0) return -1;
        items += 1;
        continue;
      }
      if (!gradientKeywords.has(token.text)) return -1;
    } else if (token.kind === 'open' || token.kind === 'slash') {
      return -1;
    }
    if (token.kind !== 'comma') items += 1;
    index += 1;
  }
  return -1;
}

/** True when the text is one or more comma-separated CSS gradients and nothing else. */
export function isGradientCss(css: string): boolean {
  const tokens = tokenizeGradientCss(css);
  if (!tokens || tokens.length === 0) return false;
  let index = 0;
  for (;;) {
    const name = tokens[index];
    if (name?.kind !== 'word' || !gradientFunctions.has(name.text)) return false;
    if (tokens[index + 1]?.kind !== 'open') return false;
    index = readGradientArguments(tokens, index + 2);
    if (index < 0) return false;
    if (index === tokens.length) return true;
    if (tokens[index]?.kind !== 'comma') return false;
    index += 1;
  }
}

/**
 * A wallpaper made of CSS (the `background-image` value): only `linear-`/`radial-`/`conic-gradient(…)` (and their
 * repeating twins), comma-separated, with hex/rgb()/hsl() colours, numbers with units, and direction, shape and
 * position keywords. No `url()`, `expression`, `;`, braces, backslashes, quotes, comments or `<`: nothing that
 * could load another origin or leave the declaration. Trimmed.
 */
export const wallpaperCssSchema = z
  .string()
  .trim()
  .max(
    PROFILE_LIMITS.wallpaperCssMax,
    reason('shared.limits.atMostCharacters', { max: PROFILE_LIMITS.wallpaperCssMax }),
  )
  .refine(isGradientCss, reason('shared.profile.gradientsOnly'));

// ---------------------------------------------------------------------------------------------------------------
// Profile fields

const displayNameSchema = z
  .string()
  .trim()
  .max(
    PROFILE_LIMITS.displayNameMax,
    reason('shared.limits.atMostCharacters', { max: PROFILE_LIMITS.displayNameMax }),
  );
const aboutSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.aboutMax, reason('shared.limits.atMostCharacters', { max: PROFILE_LIMITS.aboutMax }));

/** A status is non-empty after trimming. */
export const statusSchema = z
  .string()
  .trim()
  .min(1, reason('shared.profile.writeStatus'))
  .max(PROFILE_LIMITS.statusMax, reason('shared.limits.atMostCharacters', { max: PROFILE_LIMITS.statusMax }));

/**
 * Tags: a list of strings, or JSON text of one.
 * Trimmed, empty ones dropped, repeats dropped; at most 20 of at most 30 characters. One transform rather than a
 * union, so a bad value is reported with its own message.
 */
export function normalizeTags(value: unknown, ctx: z.RefinementCtx): string[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = undefined;
    }
  }
  if (!Array.isArray(list) || !list.every((tag): tag is string => typeof tag === 'string')) {
    ctx.addIssue({ code: 'custom', message: sharedText('shared.profile.tagsShape') });
    return z.NEVER;
  }
  const tags = [...new Set(list.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
  if (tags.some((tag) => tag.length > PROFILE_LIMITS.tagMax)) {
    ctx.addIssue({
      code: 'custom',
      message: sharedText('shared.limits.tagAtMost', { max: PROFILE_LIMITS.tagMax }),
    });
    return z.NEVER;
  }
  if (tags.length > PROFILE_LIMITS.tagsMax) {
    ctx.addIssue({
      code: 'custom',
      message: sharedText('shared.limits.atMostTags', { max: PROFILE_LIMITS.tagsMax }),
    });
    return z.NEVER;
  }
  return tags;
}

/** `tags` of `PUT /api/profile`: omitted or empty text = unchanged, `null` = no tags. */
const updatableTagsSchema = z
  .unknown()
  .transform((value, ctx): string[] | null | undefined =>
    value === '' ? undefined : value === null ? null : normalizeTags(value, ctx),
  )
  .optional()
  .meta({ description: 'A list of strings, or JSON text of one; null empties the list' });

/**
 * A text field of `PUT /api/profile`: omitted, empty or blank = unchanged (a client omits the fields left
 * empty), `null` clears it, anything else is checked by `schema`.
 */
function updatableText<T extends z.ZodType<string, string>>(schema: T) {
  return z
    .union([
      z.null(),
      z
        .string()
        .trim()
        .pipe(z.union([z.literal('').transform(() => undefined), schema])),
    ])
    .optional();
}

/**
 * `PUT /api/profile`: every field optional. An omitted field, or an empty string for a text field,
 * leaves it unchanged; `null` clears it (`tags: null` empties the list). Also `time_zone`, an IANA name (checked
 * with Intl on the server), and `language`, 'en' or 'es'. Answers the whole profile.
 */
export const updateProfileRequestSchema = z.object({
  display_name: updatableText(displayNameSchema),
  about: updatableText(aboutSchema),
  avatar_url: updatableText(imageSourceSchema),
  wallpaper_url: updatableText(imageSourceSchema),
  wallpaper_css: updatableText(wallpaperCssSchema),
  tags: updatableTagsSchema,
  time_zone: updatableText(timeZoneSchema),
  language: updatableText(languageSchema),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
export type UpdateProfileChanges = z.output<typeof updateProfileRequestSchema>;

/** `GET /api/profile` / `PUT /api/profile`: the stored fields as they are (null when never set). */
export const profileSchema = z
  .object({
    display_name: z.string().nullable(),
    about: z.string().nullable(),
    avatar_url: z.string().nullable(),
    wallpaper_url: z.string().nullable(),
    wallpaper_css: z.string().nullable(),
    tags: z.array(z.string()),
    status: z.string().nullable(),
    theme: panelThemeIdSchema.nullable(),
    theme_name: tokenThemeNameSchema.nullable(),
    theme_tokens: themeTokensSchema.nullable(),
    time_zone: z.string().nullable(),
    /** The interface's language; null: the browser's preference. */
    language: languageSchema.nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** Today in the member's time zone. */
export const profileStatsSchema = z.object({
  tasksToday: z.number().int(),
  pomodoros: z.number().int(),
  streakDays: z.number().int(),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

/** `GET /api/profile/me?time_zone=`: the zone counts "today" only when the profile has none saved. */
export const profileMeQuerySchema = z.object({ time_zone: timeZoneSchema.optional() });

/**
 * `GET /api/profile/me`: what the app restores at startup (wallpaper, themes) and
 * what the dashboard's profile card and the settings' Account Information card show.
 */
export const profileMeSchema = z
  .object({
    /** The profile's, else the name from sign-in, else 'Lumarian'. */
    display_name: z.string(),
    email: z.string(),
    /** The profile's, else the sign-in picture, else null (the browser shows the initials). */
    avatar_url: z.string().nullable(),
    status: z.string().nullable(),
    ai_provider: aiProviderIdSchema,
    ai_model: z.string(),
    wallpaper_url: z.string().nullable(),
    wallpaper_css: z.string().nullable(),
    theme: panelThemeIdSchema.nullable(),
    theme_name: tokenThemeNameSchema.nullable(),
    theme_tokens: themeTokensSchema.nullable(),
    time_zone: z.string().nullable(),
    /** The interface's language; null: the browser's preference. */
    language: languageSchema.nullable(),
    /** users.created_at and last_signed_in_at, ISO instants. */
    member_since: z.string(),
    last_visit: z.string(),
    stats: profileStatsSchema,
  })
  .meta({ id: 'ProfileMe' });
export type ProfileMe = z.infer<typeof profileMeSchema>;

/** `POST /api/profile/set-status {status}`. */
export const setStatusRequestSchema = z.object({ status: statusSchema });
export const setStatusResponseSchema = z.object({ status: z.string() });

/**
 * `POST /api/profile/set-avatar {url}`: the server copies the image into its store and answers the Lumara path
 * it now serves; empty removes the avatar.
 */
export const setAvatarRequestSchema = z.object({ url: imageSourceSchema });
export const setAvatarResponseSchema = z.object({ avatar_url: z.string().nullable() });
export type SetAvatarResponse = z.infer<typeof setAvatarResponseSchema>;

/**
 * `POST /api/profile/set-wallpaper {wallpaperUrl, wallpaperCss}`: an omitted field is unchanged, an empty one is
 * cleared; the image is copied into the store like the avatar.
 */
export const setWallpaperRequestSchema = z.object({
  wallpaperUrl: imageSourceSchema.optional(),
  wallpaperCss: z.union([z.literal(''), wallpaperCssSchema]).optional(),
});
export type SetWallpaperRequest = z.infer<typeof setWallpaperRequestSchema>;
export const setWallpaperResponseSchema = z.object({
  wallpaper_url: z.string().nullable(),
  wallpaper_css: z.string().nullable(),
});
export type SetWallpaperResponse = z.infer<typeof setWallpaperResponseSchema>;

/** `POST /api/profile/avatar-generate {prompt}`: the browser sends the prompt its chosen style made. */
export const avatarGenerateRequestSchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, reason('shared.generation.writePrompt'))
    .max(
      PROFILE_LIMITS.promptMax,
      reason('shared.limits.atMostCharacters', { max: PROFILE_LIMITS.promptMax }),
    ),
});

/** Status (ready, pending or failed), url when ready, jobId to poll while pending, error when failed. */
export const avatarGenerateResponseSchema = z.object({
  status: generationStatusSchema,
  url: z.string().nullable(),
  jobId: z.string().nullable(),
  error: z.string().nullable(),
});
export type AvatarGenerateResponse = z.infer<typeof avatarGenerateResponseSchema>;

/** `GET /api/profile/avatar-status?jobId=`: an empty jobId is no jobId. */
export const avatarStatusQuerySchema = z.object({
  jobId: z
    .string(reason('shared.profile.sayWhichJob'))
    .trim()
    .min(1, reason('shared.profile.sayWhichJob'))
    .max(100),
});
export const avatarStatusResponseSchema = z.object({
  status: generationStatusSchema,
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type AvatarStatusResponse = z.infer<typeof avatarStatusResponseSchema>;
