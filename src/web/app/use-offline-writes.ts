import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps the signed-in member's offline writes across reloads (offline-write-registry.ts). Loaded once a member is
 * known: the registry names the task and timer writes, which the sign-in pages have no use for.
 */
export function useOfflineWrites(memberId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (memberId === undefined) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('./offline-write-registry.ts').then(({ keepOfflineWritesFor }) => {
      if (!left) stop = keepOfflineWritesFor(queryClient, memberId);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [queryClient, memberId]);
}
