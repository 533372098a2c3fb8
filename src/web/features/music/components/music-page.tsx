import { PageHeader } from '#web/ui/page-header.tsx';

/** A placeholder until its issue lands: it says so, and offers nothing that does not work yet. */
export function MusicPage() {
  return (
    <PageHeader title="Music">Not built yet: your music player and shared tracks will live here.</PageHeader>
  );
}
