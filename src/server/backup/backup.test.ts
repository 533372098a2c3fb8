import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import { DataDirLockedError } from '#server/db/embedded/data-dir-lock.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { backupFileName } from './backup-manifest.ts';
import { pruneBackups, scheduleBackups } from './backup-schedule.ts';
import { BackupRefusedError, restoreBackup } from './restore-backup.ts';
import { takeBackup } from './take-backup.ts';

/**
 * Backups of the embedded database, on real data directories: a backup taken while members write
 * restores to exactly the writes acknowledged up to its moment, with the media; a damaged or incomplete archive,
 * or a running server, leaves the data as it was.
 */
const roots: string[] = [];
function tempRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'lumara-backup-test-'));
  roots.push(root);
  return root;
}
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function openOnDisk(dataDir: string): Promise<Database> {
  const database = await openDatabase({ kind: 'embedded', dataDir, poolMax: 4 });
  await database.migrate();
  return database;
}

async function insertMember(database: Database, n: number): Promise<number> {
  const { rows } = await database.pool.query<{ id: number }>(
    `INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id`,
    [`member${n}@example.test`, `Member ${n}`],
  );
  return rows[0]?.id ?? 0;
}

/** One member with a backup of a server's data, its media dir, and a backup folder. */
async function backedUpServer() {
  const root = tempRoot();
  const dataDir = path.join(root, 'data');
  const mediaDir = path.join(dataDir, 'media');
  const database = await openOnDisk(dataDir);
  const source = { snapshotDatabase: (into: string) => database.snapshot(into), mediaDir };
  return { root, dataDir, mediaDir, database, source, backups: path.join(root, 'backups') };
}

describe('a backup taken while members write', () => {
  it('restores to every write acknowledged before it began, nothing not yet sent, and the media files', async () => {
    const server = await backedUpServer();
    mkdirSync(path.join(server.mediaDir, 'media', '1'), { recursive: true });
    writeFileSync(path.join(server.mediaDir, 'media', '1', 'kept.png'), 'png bytes');

    const acknowledged: number[] = [];
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) acknowledged.push(await insertMember(server.database, n++));
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ackedBefore = [...acknowledged];
    // A member deletes a media file while the backup runs (after its files were listed, as the database is
    // snapshotted): the linked copy keeps it in the archive.
    const result = await takeBackup(
      {
        ...server.source,
        snapshotDatabase: async (into) => {
          rmSync(path.join(server.mediaDir, 'media', '1', 'kept.png'));
          return server.database.snapshot(into);
        },
      },
      server.backups,
    );
    const ackedAfter = [...acknowledged];
    writing = false;
    await writer;
    await server.database.close();

    expect(path.basename(result.file)).toMatch(/^lumara-backup-\d{8}T\d{9}Z\.tar\.gz$/);
    expect(result.bytes).toBeGreaterThan(0);
    expect(readdirSync(server.backups)).toEqual([path.basename(result.file)]);

    const target = tempRoot();
    const dataDir = path.join(target, 'data');
    const restored = await restoreBackup({
      file: result.file,
      dataDir,
      mediaDir: path.join(dataDir, 'media'),
    });
    expect(restored.mediaFiles).toBe(1);
    expect(readFileSync(path.join(dataDir, 'media', 'media', '1', 'kept.png'), 'utf8')).toBe('png bytes');

    const database = await openDatabase({ kind: 'embedded', dataDir, poolMax: 2 });
    const { rows } = await database.pool.query<{ id: number }>('SELECT id FROM users ORDER BY id');
    await database.close();
    const ids = rows.map((row) => row.id);
    // Every write acknowledged before the backup began is there; none that was acknowledged only after it
    // ended is missing from the later set: the restored rows are a prefix of the writes, ending inside the
    // backup's window.
    expect(ids.slice(0, ackedBefore.length)).toEqual(ackedBefore);
    expect(ackedAfter.slice(0, ids.length)).toEqual(ids.slice(0, Math.min(ids.length, ackedAfter.length)));
    expect(ids.length).toBeLessThanOrEqual(ackedAfter.length + 1);
    expect(restored.members).toBe(ids.length);
  });
});

describe('restoring', () => {
  it('replaces the data only after checking the archive, keeping the replaced data aside', async () => {
    const server = await backedUpServer();
    await insertMember(server.database, 1);
    const { file } = await takeBackup(server.source, server.backups);
    await insertMember(server.database, 2);
    await server.database.close();

    const result = await restoreBackup({ file, dataDir: server.dataDir, mediaDir: server.mediaDir });
    expect(result.members).toBe(1);
    expect(result.previousDataDir).toMatch(/data\.before-restore-\d{8}T\d{9}Z$/);
    expect(existsSync(path.join(result.previousDataDir ?? '', 'PG_VERSION'))).toBe(true);
    // The lock was given back: a server may open the data again.
    expect(existsSync(path.join(server.dataDir, 'lumara.lock'))).toBe(false);
    const reopened = await openDatabase({ kind: 'embedded', dataDir: server.dataDir, poolMax: 2 });
    expect((await reopened.pool.query('SELECT 1 FROM users')).rowCount).toBe(1);
    await reopened.close();
  });

  it.each([
    ['cut short', (file: string) => truncateSync(file, Math.floor(readFileSync(file).length / 2))],
    ['not an archive', (file: string) => writeFileSync(file, 'not a backup')],
  ])('refuses an archive %s and changes nothing', async (_label, damage) => {
    const server = await backedUpServer();
    await insertMember(server.database, 1);
    const { file } = await takeBackup(server.source, server.backups);
    await insertMember(server.database, 2);
    await server.database.close();
    damage(file);

    await expect(
      restoreBackup({ file, dataDir: server.dataDir, mediaDir: server.mediaDir }),
    ).rejects.toBeInstanceOf(BackupRefusedError);
    const database = await openDatabase({ kind: 'embedded', dataDir: server.dataDir, poolMax: 2 });
    expect((await database.pool.query('SELECT 1 FROM users')).rowCount).toBe(2);
    await database.close();
    expect(readdirSync(path.dirname(server.dataDir)).filter((name) => name.includes('restor'))).toEqual([]);
  });

  it('refuses while a server holds the data directory', async () => {
    const root = tempRoot();
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir);
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dataDir, 'lumara.lock'), String(holder.pid));
      await expect(
        restoreBackup({
          file: path.join(root, 'any.tar.gz'),
          dataDir,
          mediaDir: path.join(dataDir, 'media'),
        }),
      ).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      holder.kill();
    }
  });
});

describe('scheduled backups', () => {
  it('back up every period, keep the newest, and log a failure without stopping', async () => {
    const dir = tempRoot();
    const logged: string[] = [];
    let calls = 0;
    const stop = scheduleBackups({
      dir,
      everyMs: 30,
      keep: 2,
      logger: createLogger('info', { write: (line: string) => logged.push(JSON.parse(line).msg) }),
      takeBackup: async (outDir) => {
        calls += 1;
        if (calls === 2) throw new Error('disk full');
        const file = path.join(outDir, backupFileName(new Date(Date.UTC(2026, 10, 1, 0, 0, calls))));
        writeFileSync(file, 'x');
        return { file, bytes: 1, files: 1, pauseMs: 0, ms: 0 };
      },
    });
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(5), { timeout: 5_000 });
    await stop();
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(after);
    expect(readdirSync(dir)).toHaveLength(2);
    expect(logged).toContain('backup failed');
    expect(logged).toContain('backup written');
  });

  it('keep the newest ones and remove the rest, touching no other file', async () => {
    const dir = tempRoot();
    const names = [0, 1, 2, 3, 4].map((day) => backupFileName(new Date(Date.UTC(2026, 10, 20 + day))));
    for (const name of [...names, 'notes.txt']) writeFileSync(path.join(dir, name), 'x');
    expect(await pruneBackups(dir, 2)).toBe(3);
    expect(readdirSync(dir).sort()).toEqual([names[3], names[4], 'notes.txt'].sort());
  });
});
