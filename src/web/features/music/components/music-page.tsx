import { PageHeader } from '#web/ui/page-header.tsx';
import { TrackManager } from './track-manager.tsx';

/** Part 2 §2 "Music Library page": the title and the track manager. */
export function MusicPage() {
  return (
    <>
      <PageHeader title="Music">Your Suno songs, ready to play.</PageHeader>
      <TrackManager />
    </>
  );
}
