import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';

/**
 * How many imports this server runs at once: each reads a file of up to `ARCHIVE_LIMITS.archiveBytesMax` and
 * holds its documents in memory while it is planned, so a few at a time is what a server can afford beside
 * everything else. One more is answered 503 with Retry-After before its upload is read.
 */
export const IMPORTS_AT_ONCE = 2;
/** Seconds a refused import is asked to wait before it tries again. */
const RETRY_AFTER_SECONDS = 30;

export type ImportSlots = {
  /** Takes the member's slot (one import of theirs at a time) and one of the server's, or refuses. */
  take(memberId: number): () => void;
};

/** Per-member and per-server counts of imports under way on this server (its process memory). */
export function createImportSlots(atOnce = IMPORTS_AT_ONCE): ImportSlots {
  const members = new Set<number>();
  return {
    take(memberId) {
      if (members.has(memberId)) {
        throw new AppError('conflict', say('server.archive.importUnderWay'));
      }
      if (members.size >= atOnce) {
        throw new AppError('server_busy', say('server.archive.otherImports'), {
          headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        });
      }
      members.add(memberId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        members.delete(memberId);
      };
    },
  };
}
