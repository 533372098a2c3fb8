import { PageHeader } from '#web/ui/page-header.tsx';

/** A placeholder until its issue lands: it says so, and offers nothing that does not work yet. */
export function CommunityPage() {
  return (
    <PageHeader title="Community">
      Not built yet: posts, comments and likes from other members will appear here.
    </PageHeader>
  );
}
