import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { AuthProvider } from './auth-provider.tsx';

// Toasts come from pages loaded later; the sign-in pages need none, so the toaster stays out of /login's
// first load (budget: 150 KB gzip). sonner keeps one toast store per module, shared with the pages.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const t = useT();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* One place for every toast (Undo, errors, badges earned); announced politely to screen readers. */}
      <Suspense fallback={null}>
        {/* Its landmark and close buttons are named in the member's language (sonner's own names are English). */}
        <Toaster
          position="bottom-center"
          richColors
          closeButton
          containerAriaLabel={t('app.toasts.region')}
          toastOptions={{ closeButtonAriaLabel: t('app.toasts.close') }}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
