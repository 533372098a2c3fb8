import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Mutation,
  type QueryClient,
} from '@tanstack/react-query';

/**
 * The changes a member made offline, kept across a reload: TanStack Query holds a write made without a
 * connection paused, and sends it when the connection returns; this keeps the paused ones in the browser's
 * storage, under the member's id, so closing or reloading the tab loses none of them.
 *
 * Only writes that can run without the component that started them are kept: those whose key has defaults with a
 * function (`setMutationDefaults`), registered before this restores anything. Queries are not kept here: the
 * service worker keeps the last answers (offline-api-cache.ts).
 *
 * TanStack's own persister (`@tanstack/query-persist-client-core`) does this too, but pins an older
 * `@tanstack/query-core` than ours, which would ship a second copy of Query to every page; `dehydrate` and
 * `hydrate` are the parts it builds on.
 */
const STORAGE_PREFIX = 'lumaraOfflineWrites:';

function storageKey(memberId: number): string {
  return `${STORAGE_PREFIX}${memberId}`;
}

function resumable(queryClient: QueryClient, mutation: Mutation<unknown, Error, unknown, unknown>): boolean {
  const { mutationKey } = mutation.options;
  return (
    mutation.state.isPaused &&
    mutationKey !== undefined &&
    queryClient.getMutationDefaults(mutationKey).mutationFn !== undefined
  );
}

function readKept(key: string): DehydratedState | null {
  try {
    const stored = window.localStorage.getItem(key);
    if (stored === null) return null;
    const state: unknown = JSON.parse(stored);
    return typeof state === 'object' && state !== null && Array.isArray((state as DehydratedState).mutations)
      ? (state as DehydratedState)
      : null;
  } catch {
    return null;
  }
}

function writeKept(key: string, state: DehydratedState): void {
  try {
    if (state.mutations.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(state));
  } catch {
    // Storage refused (full, or blocked): the writes still wait in memory, as they did before this existed.
  }
}

/**
 * Puts back the member's kept writes (paused, in the order they were made; `scope` keeps that order when they
 * run), sends them if the browser is online, and keeps the paused ones from now on. Returns the unsubscribe.
 */
export function keepPausedWritesFor(queryClient: QueryClient, memberId: number): () => void {
  const key = storageKey(memberId);
  const kept = readKept(key);
  if (kept) {
    hydrate(queryClient, { mutations: kept.mutations, queries: [] });
    void queryClient.resumePausedMutations();
  }
  // Every change of any mutation calls this (a drag is several): storage is written only when what is kept
  // changed, so writes made online cost a dehydrate and a comparison, not a storage write each.
  let lastKept: string | null = null;
  const save = () => {
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: () => false,
      shouldDehydrateMutation: (mutation) => resumable(queryClient, mutation),
    });
    const serialized = JSON.stringify(state.mutations);
    if (serialized === lastKept) return;
    lastKept = serialized;
    writeKept(key, state);
  };
  const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') save();
  });
  // Writes made before the member was known (the first moments of a page) are kept too.
  save();
  return unsubscribe;
}

/** When a member's session is found over: the changes they left waiting are not sent under anyone else. */
export function forgetPausedWritesOf(memberId: number): void {
  try {
    window.localStorage.removeItem(storageKey(memberId));
  } catch {
    // No storage: nothing was kept.
  }
}

/** At sign-out: nothing of any member's is left behind, not even a change still waiting. */
export function forgetPausedWrites(): void {
  try {
    for (let index = window.localStorage.length - 1; index >= 0; index -= 1) {
      const key = window.localStorage.key(index);
      if (key?.startsWith(STORAGE_PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // No storage: nothing was kept.
  }
}
