import { copyFile, link, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file under `root`, as paths relative to it with their sizes. `skip` leaves out top-level entries (a
 * backup's own staging folder inside the media store).
 */
export async function listFiles(
  root: string,
  skip: (topLevelName: string) => boolean = () => false,
): Promise<{ path: string; bytes: number }[]> {
  const found: { path: string; bytes: number }[] = [];
  async function walk(relative: string): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (relative === '' && skip(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push({ path: child, bytes: (await stat(path.join(root, child))).size });
    }
  }
  await walk('');
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Puts the media store's finished files into `into` as hard links (copies where links are impossible, across
 * file systems): instant, and a link keeps its file's bytes even if the store deletes the file meanwhile.
 * Files already in `done` are skipped, so a second pass adds only what is new. Files still being written (the
 * store's `.part` files) and dot folders (backups being staged) are left out.
 */
export async function stageMediaFiles(mediaDir: string, into: string, done: Set<string>): Promise<void> {
  const files = await listFiles(mediaDir, (name) => name.startsWith('.'));
  for (const file of files) {
    if (done.has(file.path) || file.path.endsWith('.part')) continue;
    const target = path.join(into, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(path.join(mediaDir, file.path), target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // Removed since it was listed: it is not part of the backup.
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
      try {
        await copyFile(path.join(mediaDir, file.path), target);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw copyError;
      }
    }
    done.add(file.path);
  }
}

/**
 * Removes a staging folder. Retried, because files may still be landing in it (tar stops at its first error while
 * other files finish writing), and never throwing: a clean-up must not hide the error that led to it.
 */
export async function removeStaging(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
}
