import { PageHeader } from '#web/ui/page-header.tsx';

/** A placeholder until its issue lands: it says so, and offers nothing that does not work yet. */
export function SettingsPage() {
  return (
    <PageHeader title="Settings">
      Not built yet: your profile, avatar, wallpaper and colour themes will be set here.
    </PageHeader>
  );
}
