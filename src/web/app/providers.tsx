import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToasterHost } from '#web/ui/toaster-host.tsx';
import { AuthProvider } from './auth-provider.tsx';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <ToasterHost />
    </QueryClientProvider>
  );
}
