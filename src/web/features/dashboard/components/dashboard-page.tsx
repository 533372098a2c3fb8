import { firstNameOf } from '#shared/auth.ts';
import { useAuth } from '#web/app/use-auth.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { PageHeader } from '#web/ui/page-header.tsx';

export function DashboardPage() {
  const { user } = useAuth();
  const firstName = firstNameOf(user?.google_user_data.name ?? '');
  return (
    <>
      <PageHeader title="Dashboard" />
      <GlassPanel aria-labelledby="dashboard-welcome" className="flex flex-col gap-2">
        <h2 id="dashboard-welcome" className="text-2xl font-bold text-(--ink)">
          {firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
        </h2>
        <p className="text-(--ink-muted)">
          Your tasks, focus stats and badges will gather here as Lumara grows; none of them are built yet.
        </p>
      </GlassPanel>
    </>
  );
}
