import type { Db } from '#server/db/database.ts';
import type { ArchiveContents, ArchiveKind, ArchiveListKind } from '#shared/account-archive.ts';
import type { MediaType } from '#shared/media.ts';
import { AppError } from '#server/lib/http/errors.ts';
import type { Localized } from '#shared/texts.ts';
import { say } from '../http/request-language.ts';

/**
 * A feature's part of a member's archive (`#shared/account-archive.ts`): each feature that owns rows exports
 * them, and on import decides what of an archive it takes, with the same limits, schemas and services as its
 * routes, and writes it. The account feature only drives the list of adapters the app composes: one snapshot for
 * an export, one transaction for an import. An archive is untrusted input: an adapter refuses (a 400 through
 * `refuseArchive`, or the very error its route would answer) whatever its routes would refuse.
 */
export type ArchiveAdapter = {
  /** The documents this adapter writes and reads. */
  kinds: readonly ArchiveKind[];
  /** Export: the member's rows as those documents, read inside the export's one read-only snapshot. */
  collect(tx: Tx, memberId: number): Promise<CollectedPart>;
  /**
   * Import: what of the archive's documents this feature adds for the member, checked as its routes check. Called
   * once to preview and again inside the import's transaction (`reader` is then that transaction), so what
   * another write made meanwhile is seen. Must run in time linear in the archive.
   */
  plan(reader: DbReader, archive: ArchiveImport): Promise<ArchivePlan>;
};

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbReader = Db | Tx;

/** What an adapter's export gives: its documents, and the stored files they name. */
export type CollectedPart = { contents: Partial<ArchiveContents>; files: CollectedFile[] };

/**
 * A stored file an exported document names, by its path in the archive. `forget` takes the path out of the
 * document again when the store no longer has the file (read after the snapshot: the store is not the database).
 */
export type CollectedFile = { path: string; key: string; forget(): void };

/** The archive being imported, as far as an adapter reads it. */
export type ArchiveImport = {
  memberId: number;
  contents: ArchiveContents;
  /** Every date an import writes is at most this instant: an archive cannot date anything in the future. */
  now: Date;
  /** The app's own origin: the embeds' rules frame the member's own profile page by it. */
  appOrigin: string;
};

/** One file of the archive an adapter wants copied into the store, and what its bytes must be. */
export type ArchiveFileNeed = {
  path: string;
  mediaType: MediaType;
  /** The content type the archive claims for it, held against its bytes; null: whatever the bytes are. */
  declaredType: string | null;
  /** The store folder it goes under, `<folder>/<member>/<new name>`. */
  folder: 'media' | 'avatars' | 'wallpapers';
};

/** A file the import has copied into the store. */
export type StoredArchiveFile = { key: string; contentType: string; size: number };

export type ArchivePlan = {
  /** Per document of the adapter, how many of its items the import adds. */
  adds: Partial<Record<ArchiveKind, number>>;
  /** Files to copy into the store before the rows are written. */
  files: ArchiveFileNeed[];
  /** Writes the planned rows in the import's transaction; `stored` holds every file of `files`. */
  write(tx: Tx, stored: ReadonlyMap<string, StoredArchiveFile>): Promise<void>;
  /** After the transaction has committed, on the pool: what the new rows earn (badges), as the routes award it. */
  afterCommit?(db: Db): Promise<void>;
};

/** The archive's name for a stored file: its folder, its name there, the store key's own extension. */
export function archivePathOf(folder: 'media' | 'profile', name: string | number, key: string): string {
  const extension = /\.([a-z0-9]{1,8})$/.exec(key)?.[1] ?? 'bin';
  return `${folder}/${name}.${extension}`;
}

/** The 400 an archive gets for what a route would refuse: where in the archive (`tasks.json at 3`), and why. */
export function refuseArchive(where: string, why: Localized): AppError {
  return new AppError('bad_request', say('server.archive.cannotImportAt', { where, why }));
}

/** An instant of the archive as the import writes it: never later than the import itself. */
export function notAfter(now: Date): (instant: string) => Date {
  return (instant) => {
    const at = new Date(instant);
    return at.getTime() > now.getTime() ? now : at;
  };
}

/** PostgreSQL takes at most 65,535 parameters a statement: rows go in by the thousand. */
const ROWS_PER_INSERT = 1_000;

export async function insertInChunks<Row>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/**
 * The archive's items that are not already the member's, in one pass: an item is "already there" when its
 * `sameness` key is one of `existing`'s, or an earlier item of the archive's has it (so a list with an item twice
 * adds it once). Sets, not searches: linear in the archive and the member's rows.
 */
export function notYetHeld<I>(
  items: readonly I[],
  existing: Iterable<string>,
  keyOf: (item: I) => string,
): I[] {
  const seen = new Set(existing);
  const fresh: I[] = [];
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(item);
  }
  return fresh;
}

/** A key that is the same for two values that say the same things, whatever order their objects' keys are in. */
export function samenessKey(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

type ListItem<K extends ArchiveListKind> = ArchiveContents[K][number];

/**
 * The adapter of a kind whose items are rows of one table, each exported as it is and imported unless the member
 * holds the same already: what tasks, focus sessions, quick actions, tracks and widgets share. The feature gives
 * its own parts: how its rows read, which items are the same, what its route would make of an item, and how the
 * new rows are written.
 */
export function listArchiveAdapter<K extends ArchiveListKind, Row>(spec: {
  kind: K;
  /** The member's rows of the kind, in the order an export lists them. */
  rows(reader: DbReader, memberId: number): Promise<Row[]>;
  describe(row: Row): ListItem<K>;
  /** What makes two items the same (their archive ids and what the member cannot see never do). */
  key(item: ListItem<K>): string;
  /** An item as the feature's route would make it: links rebuilt, dates no later than the import; throws as it. */
  normalize(item: ListItem<K>, index: number, archive: ArchiveImport): ListItem<K>;
  /** Writes new rows, a chunk at a time. */
  insert(tx: Tx, memberId: number, chunk: ListItem<K>[]): Promise<unknown>;
  /** Runs once before the rows are written, in the transaction (a lock, a version to move, a limit to hold). */
  beforeWrite?(tx: Tx, memberId: number, fresh: readonly ListItem<K>[]): Promise<void>;
  /** Checks the plan against the member's rows, before anything is written (a limit a route holds). */
  check?(held: readonly Row[], fresh: readonly ListItem<K>[]): void;
  /** After the commit: what the new rows earn, as the route awards it. */
  afterCommit?(db: Db, memberId: number, fresh: readonly ListItem<K>[], now: Date): Promise<void>;
}): ArchiveAdapter {
  return {
    kinds: [spec.kind],
    async collect(tx, memberId) {
      const rows = await spec.rows(tx, memberId);
      return { contents: { [spec.kind]: rows.map(spec.describe) }, files: [] };
    },
    async plan(reader, archive) {
      const items = archive.contents[spec.kind] as ListItem<K>[];
      const normalized = items.map((item, index) => spec.normalize(item, index, archive));
      const held = await spec.rows(reader, archive.memberId);
      const fresh = notYetHeld(normalized, held.map(spec.describe).map(spec.key), spec.key);
      spec.check?.(held, fresh);
      return {
        adds: { [spec.kind]: fresh.length },
        files: [],
        async write(tx) {
          if (fresh.length === 0) return;
          await spec.beforeWrite?.(tx, archive.memberId, fresh);
          await insertInChunks(fresh, (chunk) => spec.insert(tx, archive.memberId, chunk));
        },
        ...(spec.afterCommit
          ? {
              afterCommit: async (db: Db) => {
                if (fresh.length > 0) await spec.afterCommit?.(db, archive.memberId, fresh, archive.now);
              },
            }
          : {}),
      };
    },
  };
}
