import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type {
  ArchiveAdapter,
  ArchiveFileNeed,
  ArchiveImport,
  ArchivePlan,
  DbReader,
  StoredArchiveFile,
} from '#server/lib/data/archive-adapter.ts';
import { extensionOf } from '#server/lib/data/media-content-types.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import type { AccountImportSummary } from '#shared/account.ts';
import { type ArchiveContents, archiveKinds } from '#shared/account-archive.ts';
import { assertFitsMediaQuota, holdMediaQuotaLock, remainingMediaAllowance } from '../media/media-quota.ts';
import type { OpenedArchive } from './read-account-archive.ts';
import { checkArchiveFile, storeArchiveFile } from './store-archive-file.ts';

export type ImportDeps = {
  db: Db;
  store: MediaStore;
  logger: Logger;
  appUrl: URL;
  /** Every feature's part of the archive, composed by the app. */
  adapters: readonly ArchiveAdapter[];
  /** The largest file the store takes and the member's share of it, for imported files as for every saved one. */
  media: Pick<MediaConfig, 'maxBytes' | 'quotaBytes'>;
};

/**
 * The key of the transaction-scoped lock one member's imports take (with the member's id as the second key), so
 * two imports of one member on different servers apply one after the other and the second sees the first's rows.
 */
const IMPORT_LOCK = 1_819_111_241;

/** Each adapter's plan for the archive, in the adapters' order. */
async function planAll(reader: DbReader, deps: ImportDeps, archive: ArchiveImport): Promise<ArchivePlan[]> {
  const plans: ArchivePlan[] = [];
  for (const adapter of deps.adapters) plans.push(await adapter.plan(reader, archive));
  return plans;
}

const needsOf = (plans: readonly ArchivePlan[]): ArchiveFileNeed[] => plans.flatMap((plan) => plan.files);

function summarize(
  contents: ArchiveContents,
  plans: readonly ArchivePlan[],
  applied: boolean,
): AccountImportSummary {
  const adds = Object.assign({}, ...plans.map((plan) => plan.adds)) as Partial<Record<string, number>>;
  const notImported =
    contents.community_comments.filter((comment) => comment.post_id === null).length +
    contents.community_likes.filter((like) => like.post_id === null).length;
  return {
    applied,
    kinds: archiveKinds.map((kind) => {
      const value = contents[kind];
      return { kind, in_archive: Array.isArray(value) ? value.length : 1, to_add: adds[kind] ?? 0 };
    }),
    not_imported: notImported,
  };
}

/**
 * Copies the files the plans need into the store, each archive file once, within the member's storage quota: their
 * declared sizes must fit what is left of it before the first is read, and each is stopped at what is left as it
 * streams (a declared size is held to by the zip reader too). Every key is noted before anything is written there,
 * so on any failure each one is removed again and nothing of the import stays in the store.
 */
async function storeFiles(
  deps: ImportDeps,
  memberId: number,
  archive: OpenedArchive,
  needs: readonly ArchiveFileNeed[],
  written: string[],
): Promise<Map<string, StoredArchiveFile>> {
  const stored = new Map<string, StoredArchiveFile>();
  const paths = [...new Set(needs.map((need) => need.path))];
  const declared = paths.reduce((sum, path) => sum + (archive.files.get(path) ?? 0), 0);
  let allowance = await remainingMediaAllowance(deps, memberId);
  if (declared > allowance) await assertFitsMediaQuota(deps, memberId, declared);
  for (const need of needs) {
    if (stored.has(need.path)) continue;
    const file = await storeArchiveFile(
      deps.store,
      archive,
      need.path,
      need.mediaType,
      need.declaredType,
      (type) => `${need.folder}/${memberId}/${randomUUID()}.${extensionOf(type)}`,
      { maxBytes: Math.min(deps.media.maxBytes, allowance), onKey: (key) => written.push(key) },
    );
    allowance -= file.size;
    stored.set(need.path, file);
  }
  return stored;
}

async function removeKeys(store: MediaStore, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.remove(key).catch(() => undefined)));
}

/**
 * Imports an opened archive into the member's account. Each feature's adapter plans its part through its own
 * rules; `preview` answers what would be added and writes nothing. `apply` copies the files the plans need into
 * the store first (checked as uploads are, each archive file at most once), then, in one transaction holding the
 * member's import lock, plans again (another write may have happened meanwhile) and writes every adapter's rows:
 * all or nothing, every file written removed again if anything fails. What the new rows earn (badges) is awarded
 * after the commit, as the routes award it.
 */
export async function importAccount(
  deps: ImportDeps,
  memberId: number,
  archive: OpenedArchive,
  mode: 'preview' | 'apply',
  now: Date,
): Promise<AccountImportSummary> {
  const input: ArchiveImport = { memberId, contents: archive.contents, now, appOrigin: deps.appUrl.origin };
  const plans = await planAll(deps.db, deps, input);
  if (mode === 'preview') {
    for (const need of needsOf(plans)) {
      await checkArchiveFile(archive, need.path, need.mediaType, need.declaredType);
    }
    return summarize(archive.contents, plans, false);
  }

  const written: string[] = [];
  let final: ArchivePlan[];
  let stored: Map<string, StoredArchiveFile>;
  try {
    stored = await storeFiles(deps, memberId, archive, needsOf(plans), written);
    const files = stored;
    final = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK}, ${memberId})`);
      const again = await planAll(tx, deps, input);
      if (needsOf(again).some((need) => !files.has(need.path))) {
        throw new AppError('conflict', say('server.archive.accountChanged'));
      }
      // Saves side by side with the import cannot together end over the quota: checked again under its lock.
      await holdMediaQuotaLock(tx, memberId);
      const bytes = [...files.values()].reduce((sum, file) => sum + file.size, 0);
      await assertFitsMediaQuota({ ...deps, db: tx }, memberId, bytes);
      for (const plan of again) await plan.write(tx, files);
      return again;
    });
  } catch (error) {
    await removeKeys(deps.store, written);
    throw error;
  }
  const used = new Set(needsOf(final).map((need) => need.path));
  await removeKeys(
    deps.store,
    [...stored].filter(([path]) => !used.has(path)).map(([, file]) => file.key),
  );
  for (const plan of final) {
    try {
      await plan.afterCommit?.(deps.db);
    } catch (error) {
      // The rows are in; a badge not awarded now is awarded by the member's next action that earns it.
      deps.logger.warn({ err: error, memberId }, 'a badge of an account import was not awarded');
    }
  }
  deps.logger.info({ memberId }, 'account import applied');
  return summarize(archive.contents, final, true);
}
