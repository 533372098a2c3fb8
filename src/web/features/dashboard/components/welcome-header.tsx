import { Timer } from 'lucide-react';
import { useNavigate } from 'react-router';
import { firstNameOf } from '#shared/auth.ts';
import { useAuth } from '#web/app/use-auth.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';

/** Part 1 §2: the greeting by first name, and the Enter Focus Mode button (goes to /focus). */
export function WelcomeHeader() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const firstName = firstNameOf(user?.google_user_data.name ?? '');
  return (
    <GlassPanel
      aria-labelledby="dashboard-welcome"
      className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <h2 id="dashboard-welcome" className="text-2xl font-bold text-(--ink)">
          {firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
        </h2>
        <p className="text-(--ink-muted)">One focused session at a time. You’ve got this.</p>
      </div>
      <Button className="shrink-0" onClick={() => navigate('/focus')}>
        <Timer aria-hidden="true" className="size-5" />
        Enter Focus Mode
      </Button>
    </GlassPanel>
  );
}
