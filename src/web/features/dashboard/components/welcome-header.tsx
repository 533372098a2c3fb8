import { Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { firstNameOf } from '#shared/auth-text.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';

/**
 * The greeting by first name, the theme picker (compact; the page passes it in, as features do not
 * import each other) and the Enter Focus Mode button (goes to /focus).
 */
export function WelcomeHeader({ themePicker }: { themePicker?: ReactNode }) {
  const t = useT();
  const { user } = useAuth();
  const navigate = useNavigate();
  const firstName = firstNameOf(user?.google_user_data.name ?? '');
  return (
    <GlassPanel
      aria-labelledby="dashboard-welcome"
      // Above the cards below it (each glass card is a stacking context), so the theme dropdown opens over them.
      className="relative z-10 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <h2 id="dashboard-welcome" className="text-2xl font-bold text-(--ink)">
          {firstName
            ? t('dashboard.welcome.greetingNamed', { name: firstName })
            : t('dashboard.welcome.greeting')}
        </h2>
        <p className="text-(--ink-muted)">{t('dashboard.welcome.tagline')}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        {themePicker}
        <Button className="shrink-0" onClick={() => navigate('/focus')}>
          <Timer aria-hidden="true" className="size-5" />
          {t('dashboard.welcome.enterFocus')}
        </Button>
      </div>
    </GlassPanel>
  );
}
