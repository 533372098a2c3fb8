import type { toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;

/**
 * The toaster is mounted only once a toast is first asked for (`ToasterHost`, ./toaster-host.tsx): sonner
 * writes its stylesheet into the page as its module loads, and a new stylesheet makes the browser recompute the
 * style of the whole page, a long task of its own on a slow phone that no page needs before its first toast.
 */
let toasterWanted = false;
const wantedListeners = new Set<() => void>();
let toasterMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

/** For the toaster's host: whether a toast has been asked for yet, and a way to hear when one is. */
export const toasterDemand = {
  subscribe(listener: () => void): () => void {
    wantedListeners.add(listener);
    return () => wantedListeners.delete(listener);
  },
  wanted: (): boolean => toasterWanted,
  /** The host says its toaster is mounted (listening to sonner's store): toasts asked for meanwhile go out. */
  mounted: (): void => toasterMounted(),
};

/** Runs `show` with sonner's `toast`: at once once the toaster is here, else as soon as it is. */
function withSonner(show: (toast: Sonner) => void): void {
  if (sonner) {
    show(sonner);
    return;
  }
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of wantedListeners) listener();
  }
  loading ??= Promise.all([import('sonner'), mounted]).then(([module]) => {
    sonner = module.toast;
    return module.toast;
  });
  void loading.then(show);
}

/**
 * sonner's `toast`, without sonner in the first load (decision 0043): the toaster and sonner's module load when
 * the first toast is asked for, and that toast waits for them. One toast store, sonner's.
 */
export const toast = Object.assign(
  (...args: Parameters<Sonner>): void => withSonner((show) => show(...args)),
  {
    success: (...args: Parameters<Sonner['success']>): void => withSonner((show) => show.success(...args)),
    error: (...args: Parameters<Sonner['error']>): void => withSonner((show) => show.error(...args)),
    // Before any toast was asked for there is none to dismiss, and nothing to load for it.
    dismiss: (...args: Parameters<Sonner['dismiss']>): void => {
      if (toasterWanted) withSonner((show) => show.dismiss(...args));
    },
  },
);
