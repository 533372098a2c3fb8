import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';

/**
 * Shown instead of React Router's developer screen when rendering a route fails; the usual cause is a page
 * chunk that no longer exists after a new version was deployed, which a reload fixes.
 */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <GlassPanel className="flex max-w-md flex-col items-start gap-4">
        <h1 className="text-2xl font-bold text-(--ink)">{t('app.routeError.title')}</h1>
        <p className="text-(--ink-muted)">{t('app.routeError.message')}</p>
        <Button onClick={() => window.location.reload()}>{t('app.routeError.reload')}</Button>
      </GlassPanel>
    </main>
  );
}
