import type { Db } from '#server/db/database.ts';
import { jobStoredFiles } from '#server/features/generation/job-stored-files.ts';
import { mediaStoredFiles } from '#server/features/media/media-stored-files.ts';
import { profileStoredFiles } from '#server/features/profile/profile-stored-files.ts';
import type { StoredFileOwner } from '#server/lib/infra/stored-file-sweep.ts';

/** Every folder of the media store and the feature whose rows say which of its files are kept. */
export function storedFileOwners(db: Db): StoredFileOwner[] {
  return [mediaStoredFiles(db), ...profileStoredFiles(db), jobStoredFiles(db)];
}
