import { useMutationState } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { cn } from '#web/ui/cn.ts';
import { insetSurfaceClass } from '#web/ui/field-classes.ts';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Says so while the browser is offline: what shows is the last known data, and the changes made now
 * (TanStack Query holds them paused, each with its idempotency key where one could double) go out in order when
 * the connection returns. Counts them.
 */
export function OfflineBanner() {
  const t = useT();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const waiting = useMutationState({
    filters: { status: 'pending' },
    select: (mutation) => mutation.state.isPaused,
  }).filter(Boolean).length;
  if (online) return null;
  return (
    <p
      role="status"
      className={cn(insetSurfaceClass, 'mb-4 flex items-center gap-2 px-4 py-2 font-medium text-(--ink)')}
    >
      <CloudOff aria-hidden="true" className="size-5 shrink-0 text-(--accent)" />
      <span>{waiting > 0 ? t('app.offline.waiting', { count: waiting }) : t('app.offline.status')}</span>
    </p>
  );
}
