import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Mutation,
  onlineManager,
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

/**
 * A write is kept while it has not been answered: paused for want of a connection, and also while it is being
 * sent, since a send can still fail for want of one (or the tab close before the answer). Kept writes carry an
 * Idempotency-Key or set absolute values, so one sent again after a reload changes nothing twice.
 */
function resumable(queryClient: QueryClient, mutation: Mutation<unknown, Error, unknown, unknown>): boolean {
  const { mutationKey } = mutation.options;
  return (
    mutation.state.status === 'pending' &&
    mutationKey !== undefined &&
    queryClient.getMutationDefaults(mutationKey).mutationFn !== undefined
  );
}

/** fetch's own failure (no connection, or it dropped): the server never answered. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * The retry rule of the kept writes: one that could not reach the server waits for the connection instead of
 * failing, since failing would drop it (and the change) from what is kept. Query pauses a write only when it
 * believes the browser offline, and it can believe otherwise: it learns of a lost connection from the `offline`
 * event, which a page opened without one never gets, and Chromium may report `online` before the network works.
 * So a send that fails for want of a connection tells Query what the browser says, and the retryer then pauses
 * until the `online` event; while the browser says it is online, the write is tried again, less and less often.
 */
export const waitForConnection = {
  retry: (_failureCount: number, error: Error): boolean => {
    if (!isNetworkFailure(error)) return false;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
    return true;
  },
  retryDelay: (failureCount: number): number => Math.min(1_000 * 2 ** failureCount, 30_000),
};

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
    // Kept as paused, also one being sent as the page goes: Query resumes only paused writes after a reload.
    const mutations = state.mutations.map((mutation) => ({
      ...mutation,
      state: { ...mutation.state, isPaused: true },
    }));
    const serialized = JSON.stringify(mutations);
    if (serialized === lastKept) return;
    lastKept = serialized;
    writeKept(key, { ...state, mutations });
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
