import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { toasterDemand } from './toast.ts';

// Toasts come from pages loaded later; the sign-in pages need none, so the toaster stays out of /login's
// first load (budget: 150 KB gzip). sonner keeps one toast store per module, shared with the pages.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/**
 * One place for every toast (Undo, errors, badges earned), announced politely to screen readers; mounted when
 * the first toast is asked for (#web/ui/toast.ts says why), which waits for it.
 */
export function ToasterHost() {
  const t = useT();
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Its landmark and close buttons are named in the member's language (sonner's own names are English). */}
      <Toaster
        position="bottom-center"
        richColors
        closeButton
        containerAriaLabel={t('app.toasts.region')}
        toastOptions={{ closeButtonAriaLabel: t('app.toasts.close') }}
      />
      <ToasterMounted />
    </Suspense>
  );
}

/** Its effect runs after the toaster's own (a sibling before it): sonner's store has a listener by then. */
function ToasterMounted() {
  useEffect(() => toasterDemand.mounted(), []);
  return null;
}
