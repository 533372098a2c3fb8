import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';

/**
 * Shown instead of React Router's developer screen when rendering a route fails; the usual cause is a page
 * chunk that no longer exists after a new version was deployed, which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <GlassPanel className="flex max-w-md flex-col items-start gap-4">
        <h1 className="text-2xl font-bold text-(--ink)">Something went wrong</h1>
        <p className="text-(--ink-muted)">This page could not be shown. Reloading usually fixes it.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </GlassPanel>
    </main>
  );
}
