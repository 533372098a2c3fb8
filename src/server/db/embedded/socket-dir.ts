import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive, readPidFile } from './process-alive.ts';

const PREFIX = 'lumara-db-';
const OWNER_FILE = 'owner.pid';
/** A folder from before owners were written down is left alone this long: its server may still be starting. */
const UNOWNED_GRACE_MS = 10 * 60_000;

/**
 * Makes the folder for the embedded database's Unix socket: short and under the temp directory, since socket
 * paths are limited to ~107 bytes and DATA_DIR may be long. A server stopped cleanly removes its folder; one
 * killed (kill -9, out of memory) cannot, so each server first removes the folders whose owner is gone.
 */
export function makeSocketDir(): string {
  removeStaleSocketDirs();
  const dir = mkdtempSync(path.join(os.tmpdir(), PREFIX));
  writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  return dir;
}

export function removeStaleSocketDirs(): void {
  const tmp = os.tmpdir();
  let names: string[];
  try {
    names = readdirSync(tmp).filter((name) => name.startsWith(PREFIX));
  } catch {
    return;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const dir = path.join(tmp, name);
    try {
      const stat = statSync(dir);
      if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
      const owner = readPidFile(path.join(dir, OWNER_FILE));
      const stale = owner === null ? Date.now() - stat.mtimeMs > UNOWNED_GRACE_MS : !isProcessAlive(owner);
      if (stale) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to look at: leave it.
    }
  }
}
