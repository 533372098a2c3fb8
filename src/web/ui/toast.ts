import type { toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;

/** Runs `show` with sonner's `toast`: at once once it is here, else as soon as its chunk arrives. */
function withSonner(show: (toast: Sonner) => void): void {
  if (sonner) {
    show(sonner);
    return;
  }
  loading ??= import('sonner').then((module) => {
    sonner = module.toast;
    return module.toast;
  });
  void loading.then(show);
}

/**
 * sonner's `toast`, without sonner in the first load (decision 0043): the toaster itself is lazy
 * (src/web/app/providers.tsx) and fetches the same module right after the first paint, so by the time a member's
 * action shows a toast it is nearly always here; until then the toast waits for it. One toast store, sonner's.
 */
export const toast = Object.assign(
  (...args: Parameters<Sonner>): void => withSonner((show) => show(...args)),
  {
    success: (...args: Parameters<Sonner['success']>): void => withSonner((show) => show.success(...args)),
    error: (...args: Parameters<Sonner['error']>): void => withSonner((show) => show.error(...args)),
    dismiss: (...args: Parameters<Sonner['dismiss']>): void => withSonner((show) => show.dismiss(...args)),
  },
);
