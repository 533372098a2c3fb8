import { z } from 'zod';

/**
 * `manifest.json`, the first entry of every backup archive: what it holds, so a restore can check that all of it
 * arrived before anything is replaced. Paths are relative to the archive's root: `database/…` (PostgreSQL's
 * files, as a crash at the backup's moment would have left them) and `media/…` (the media store's files).
 */
export const backupManifestSchema = z.object({
  format: z.literal('lumara-backup'),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The PostgreSQL major version of the database files (their `PG_VERSION`). */
  postgres: z.string().min(1),
  files: z.array(z.object({ path: z.string().min(1), bytes: z.number().int().nonnegative() })),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FOLDER = 'database';
export const MEDIA_FOLDER = 'media';

/** `20261125T173000123Z`: a moment that sorts by time and holds no character a file system refuses. */
export function compactTimestamp(at: Date): string {
  return at.toISOString().replace(/[-:.]/g, '');
}

/** `lumara-backup-20261125T173000123Z.tar.gz`. */
export function backupFileName(at: Date): string {
  return `lumara-backup-${compactTimestamp(at)}.tar.gz`;
}

/** What taking a backup answers, and what a server sends back over its control socket (backup-control.ts). */
export const backupResultSchema = z.object({
  file: z.string(),
  bytes: z.number(),
  files: z.number(),
  /** How long the database was held still for its snapshot. */
  pauseMs: z.number(),
  ms: z.number(),
});
export type BackupResult = z.infer<typeof backupResultSchema>;

export const BACKUP_FILE_PATTERN = /^lumara-backup-\d{8}T\d{9}Z\.tar\.gz$/;
