import type { Logger } from './logger.ts';
import type { MediaStore } from './media-store.ts';

/**
 * One feature's files in the store: the folder it writes them under, and which of some keys its rows still name.
 * The feature that owns the rows answers; the sweep never guesses from a key what it belongs to.
 */
export type StoredFileOwner = {
  prefix: string;
  /** Of `keys` (all under `prefix`), the ones a row still names. */
  named(keys: readonly string[]): Promise<ReadonlySet<string>>;
};

/**
 * A file written less than this long ago is never swept: its row may not be committed yet (a save copies the file
 * first, then writes the row; an import writes every file before its one transaction).
 */
export const ORPHAN_GRACE_MS = 6 * 60 * 60_000;

/**
 * Removes the stored files no row names any more: what a crash between a file and its row left, or a removal
 * that failed after its row was gone. Goes over each owner's folder a page at a time; only files older than the
 * grace period are candidates. Answers how many files it looked at and removed.
 */
export async function sweepOrphanFiles(input: {
  store: MediaStore;
  owners: readonly StoredFileOwner[];
  now: Date;
  logger: Logger;
}): Promise<{ examined: number; removed: number }> {
  const before = input.now.getTime() - ORPHAN_GRACE_MS;
  let examined = 0;
  let removed = 0;
  for (const owner of input.owners) {
    for await (const page of input.store.list(owner.prefix)) {
      examined += page.length;
      const old = page.filter((file) => file.modifiedAt.getTime() < before).map((file) => file.key);
      if (old.length === 0) continue;
      const named = await owner.named(old);
      for (const key of old) {
        if (named.has(key)) continue;
        await input.store.remove(key);
        removed += 1;
      }
    }
  }
  if (removed > 0) input.logger.info({ examined, removed }, 'stored files no row names were removed');
  return { examined, removed };
}

/**
 * Runs the sweep every `everyMs` (the first a while after start, off the busy start-up), one at a time, until
 * `closing` aborts. A failed sweep is logged and tried again at the next turn.
 */
export function scheduleOrphanFileSweeps(input: {
  sweep: () => Promise<unknown>;
  everyMs: number;
  logger: Logger;
  closing?: AbortSignal | undefined;
}): void {
  let running = false;
  const turn = async () => {
    if (running) return;
    running = true;
    try {
      await input.sweep();
    } catch (error) {
      input.logger.warn({ err: error }, 'the sweep of stored files no row names failed; it runs again later');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(turn, Math.min(input.everyMs, 10 * 60_000));
  const timer = setInterval(turn, input.everyMs);
  first.unref();
  timer.unref();
  input.closing?.addEventListener('abort', () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
