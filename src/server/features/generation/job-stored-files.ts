import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { generationJobs } from '#server/db/schema.ts';
import type { StoredFileOwner } from '#server/lib/infra/stored-file-sweep.ts';

/** `jobs/<uuid>/…`: the job a stored output belongs to. */
const JOB_KEY = /^jobs\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//;

/**
 * The generation jobs' stored outputs (`jobs/<jobId>/<n>.<ext>`): named while their job's row exists (the
 * retention sweep removes a job's files before its row; this finds the files of a row removed otherwise). A key
 * in no job's shape is left alone: it is not one of these.
 */
export function jobStoredFiles(db: Db): StoredFileOwner {
  return {
    prefix: 'jobs/',
    async named(keys) {
      const jobOf = new Map(keys.map((key) => [key, JOB_KEY.exec(key)?.[1]]));
      const ids = [...new Set([...jobOf.values()].filter((id) => id !== undefined))];
      const rows =
        ids.length === 0
          ? []
          : await db
              .select({ id: generationJobs.id })
              .from(generationJobs)
              .where(inArray(generationJobs.id, ids));
      const alive = new Set(rows.map((row) => row.id));
      return new Set(
        keys.filter((key) => {
          const id = jobOf.get(key);
          return id === undefined || alive.has(id);
        }),
      );
    },
  };
}
