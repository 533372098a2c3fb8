import type { Db } from './db/database.ts';
import { jobStoredFiles } from './features/generation/job-stored-files.ts';
import { mediaStoredFiles } from './features/media/media-stored-files.ts';
import { profileStoredFiles } from './features/profile/profile-stored-files.ts';
import type { StoredFileOwner } from './lib/infra/stored-file-sweep.ts';

/** Every folder of the media store and the feature whose rows say which of its files are kept. */
export function storedFileOwners(db: Db): StoredFileOwner[] {
  return [mediaStoredFiles(db), ...profileStoredFiles(db), jobStoredFiles(db)];
}
