import { PageHeader } from '#web/ui/page-header.tsx';

/** A placeholder until its issue lands: it says so, and offers nothing that does not work yet. */
export function FocusPage() {
  return (
    <PageHeader title="Focus">
      Not built yet: the full-screen focus mode, with the pomodoro timer and ambient sounds, comes here next.
    </PageHeader>
  );
}
