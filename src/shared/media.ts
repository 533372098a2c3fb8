import { z } from 'zod';
import { AI_LIMITS } from './ai.ts';
import { rowIdParamSchema } from './row-id.ts';
import { reason } from './texts.ts';

/**
 * The media store, the gallery and downloads. How media is made is `generation.ts`.
 */

export const mediaTypes = ['image', 'video', 'audio'] as const;
export const mediaTypeSchema = z.enum(mediaTypes);
export type MediaType = z.infer<typeof mediaTypeSchema>;

export const MEDIA_LIMITS = {
  promptMax: AI_LIMITS.promptMax,
  titleMax: 200,
  /** Stored URLs: signed CDN links run to a few KB, as the safe fetch allows. */
  urlMax: 8_192,
  filenameMax: 200,
  searchMax: 200,
  pageDefault: 24,
  pageMax: 100,
  falImages: { min: 1, max: 4 },
  falSteps: { min: 1, max: 50 },
  falVideoSeconds: { min: 3, max: 10 },
  straicoVideoSeconds: { min: 1, max: 10 },
} as const;

export const GALLERY = { skeletonTiles: 8, recentCount: 6 } as const;

/** Kept exactly as members know them. */
export const MEDIA_TEXTS = {
  generationFailed: 'Generation failed',
  generationTimedOut: 'Generation timed out',
  statusCheckFailed: 'Failed to check status',
  noMedia: 'No media found',
  noMediaFiltered: 'Try adjusting your filters',
  noMediaYet: 'Generate some amazing content in the Studio!',
  deleteConfirm: 'Are you sure you want to delete this media?',
  downloadFailed: 'Download failed. Please try again.',
} as const;

/** The download toast stays 3 s. */
export const DOWNLOAD_ERROR_TOAST_MS = 3_000;

/** File names a download falls back to. */
export function defaultDownloadName(type: MediaType): string {
  return `generated-media${type === 'image' ? '.png' : type === 'video' ? '.mp4' : '.mp3'}`;
}

/** A media item as the gallery shows it. `media_url` is Lumara's stored copy, never the provider's. */
export const mediaItemSchema = z
  .object({
    id: z.number().int(),
    media_type: mediaTypeSchema,
    media_url: z.string(),
    prompt: z.string(),
    title: z.string(),
    model_id: z.string(),
    is_favorite: z.boolean(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'MediaItem' });
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaPromptSchema = z
  .string()
  .trim()
  .max(MEDIA_LIMITS.promptMax, reason('shared.limits.atMostCharacters', { max: MEDIA_LIMITS.promptMax }));
export const mediaModelIdSchema = z
  .string()
  .trim()
  .max(200, reason('shared.limits.atMostCharacters', { max: 200 }));
export const mediaTitleSchema = z
  .string()
  .trim()
  .max(MEDIA_LIMITS.titleMax, reason('shared.limits.atMostCharacters', { max: MEDIA_LIMITS.titleMax }));

/** `POST /api/media`: the server copies `media_url` into its own store. */
export const mediaCreateSchema = z.object({
  media_type: mediaTypeSchema,
  media_url: z
    .string()
    .trim()
    .min(1, reason('shared.media.giveLink'))
    .max(MEDIA_LIMITS.urlMax, reason('shared.limits.atMostCharacters', { max: MEDIA_LIMITS.urlMax })),
  prompt: mediaPromptSchema.default(''),
  model_id: mediaModelIdSchema.default(''),
  title: mediaTitleSchema.default(''),
});
export type MediaCreate = z.input<typeof mediaCreateSchema>;

export const mediaFilterTypes = ['all', ...mediaTypes] as const;
export const mediaFilterTypeSchema = z.enum(mediaFilterTypes);
export type MediaFilterType = z.infer<typeof mediaFilterTypeSchema>;

/** `GET /api/media?cursor=&limit=&type=&favorites=&q=`: newest first, filtered on the server. */
export const mediaListQuerySchema = z.object({
  cursor: rowIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MEDIA_LIMITS.pageMax).default(MEDIA_LIMITS.pageDefault),
  type: mediaFilterTypeSchema.default('all'),
  favorites: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  q: z.string().trim().max(MEDIA_LIMITS.searchMax).default(''),
});

export const mediaPageSchema = z.object({
  items: z.array(mediaItemSchema),
  nextCursor: z.number().int().nullable(),
  /** How many items match the filter in all (the gallery's item count). */
  total: z.number().int(),
});
export type MediaPage = z.infer<typeof mediaPageSchema>;

/**
 * `GET /api/media/usage`: the bytes a member keeps in Lumara's store (gallery items, avatar and wallpaper copies)
 * and the most they may keep (`MEDIA_QUOTA_BYTES`).
 */
export const mediaUsageSchema = z
  .object({
    used_bytes: z.number().int().min(0),
    quota_bytes: z.number().int().min(0),
  })
  .meta({ id: 'MediaUsage' });
export type MediaUsage = z.infer<typeof mediaUsageSchema>;

const STORAGE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type StorageUnit = (typeof STORAGE_UNITS)[number];

/**
 * A size in the largest unit that keeps it at 1 or more (binary: 1 GB = 1024³ bytes, as file managers count),
 * rounded to one decimal: what a member reads as "1.2 GB". The browser formats the number in its language.
 */
export function storageSizeParts(bytes: number): { value: number; unit: StorageUnit } {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < STORAGE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return { value: Math.round(value * 10) / 10, unit: STORAGE_UNITS[unit] ?? 'B' };
}

/** `storageSizeParts` as English text ("5 GB"), for the server's messages. */
export function formatStorageSize(bytes: number): string {
  const { value, unit } = storageSizeParts(bytes);
  return `${value} ${unit}`;
}

/** `GET /api/download?url=&filename=`: only media the member owns. */
export const downloadQuerySchema = z.object({
  url: z.string().trim().min(1, reason('shared.media.sayWhichFile')).max(MEDIA_LIMITS.urlMax),
  filename: z.string().max(MEDIA_LIMITS.filenameMax).optional(),
});
