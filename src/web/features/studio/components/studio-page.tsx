import { PageHeader } from '#web/ui/page-header.tsx';

/** A placeholder until its issue lands: it says so, and offers nothing that does not work yet. */
export function StudioPage() {
  return (
    <PageHeader title="AI Studio">
      Not built yet: image and writing tools will appear here once they are connected.
    </PageHeader>
  );
}
