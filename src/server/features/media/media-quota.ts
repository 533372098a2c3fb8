import { eq, sql } from 'drizzle-orm';
import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { media, profiles } from '#server/db/schema.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import { formatStorageSize, type MediaUsage } from '#shared/media.ts';

/**
 * Each member's share of the media store (`MEDIA_QUOTA_BYTES`): what they keep there, gallery items (saved links
 * and generation outputs) and the avatar and wallpaper copies, may not grow past it. Every path that writes a file
 * for a member asks `remainingMediaAllowance` first and, when the size is only known while the file streams in,
 * caps the write at that allowance. A generation's own outputs (kept 7 days, then swept) are not counted: they
 * are the job's until the member saves one, and the save counts.
 */

/** What reading a member's usage needs: the rows that name their files, and the store for the picture sizes. */
export type MediaUsageDeps = { db: Pick<Db, 'select'>; store: Pick<MediaStore, 'size'> };
export type MediaQuotaDeps = MediaUsageDeps & { media: Pick<MediaConfig, 'quotaBytes'> };

/** The bytes the member keeps in the store now. */
export async function readMediaUsage(deps: MediaUsageDeps, userId: number): Promise<number> {
  const [[gallery], [profile]] = await Promise.all([
    deps.db
      .select({ bytes: sql<string | null>`sum(${media.sizeBytes})` })
      .from(media)
      .where(eq(media.userId, userId)),
    deps.db
      .select({ avatarKey: profiles.avatarKey, wallpaperKey: profiles.wallpaperKey })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
  ]);
  // The profile does not record its pictures' sizes; the store knows them (two look-ups at most).
  const pictureSizes = await Promise.all(
    [profile?.avatarKey, profile?.wallpaperKey].map((key) => (key ? deps.store.size(key) : null)),
  );
  return Number(gallery?.bytes ?? 0) + pictureSizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
}

/** `GET /api/media/usage`: what the member keeps and what they may keep. */
export async function readMediaUsageAnswer(deps: MediaQuotaDeps, userId: number): Promise<MediaUsage> {
  return { used_bytes: await readMediaUsage(deps, userId), quota_bytes: deps.media.quotaBytes };
}

/** How many more bytes the member may store: the quota less what they keep, never below 0. */
export async function remainingMediaAllowance(deps: MediaQuotaDeps, userId: number): Promise<number> {
  return Math.max(0, deps.media.quotaBytes - (await readMediaUsage(deps, userId)));
}

/** The refusal of a file that would take the member past their quota: 413, as any body too large to keep. */
export function mediaQuotaExceeded(quotaBytes: number): AppError {
  return new AppError(
    'storage_quota_exceeded',
    say('server.media.quotaExceeded', { quota: formatStorageSize(quotaBytes) }),
  );
}

/** Refuses (`mediaQuotaExceeded`) unless `bytes` more fit in the member's allowance. */
export async function assertFitsMediaQuota(
  deps: MediaQuotaDeps,
  userId: number,
  bytes: number,
): Promise<void> {
  if (bytes > (await remainingMediaAllowance(deps, userId))) throw mediaQuotaExceeded(deps.media.quotaBytes);
}

/**
 * Runs `write` in a transaction that holds the member's quota lock, once `bytes` more still fit: saves of one
 * member that were each under the allowance when they started streaming cannot together end over it. Another
 * member's saves never wait on it.
 */
export async function writeWithinMediaQuota<T>(
  deps: MediaQuotaDeps & { db: Db },
  userId: number,
  bytes: number,
  write: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    await holdMediaQuotaLock(tx, userId);
    await assertFitsMediaQuota({ ...deps, db: tx }, userId, bytes);
    return write(tx);
  });
}

/**
 * Takes the member's quota lock for the rest of the transaction `tx`: for a caller that records files inside a
 * transaction of its own (then `assertFitsMediaQuota` with `db: tx`), as `writeWithinMediaQuota` does.
 */
export async function holdMediaQuotaLock(tx: Pick<Db, 'execute'>, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEDIA_QUOTA_LOCK}, ${userId})`);
}

/** The first half of the quota's advisory lock key (the member's id is the second): 'MQ' in ASCII. */
const MEDIA_QUOTA_LOCK = 0x4d51;
