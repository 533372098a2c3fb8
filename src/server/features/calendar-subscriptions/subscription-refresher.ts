import { REFRESH_LEASE_MS, refreshClaimed, type SubscriptionDeps } from './calendar-subscriptions.service.ts';
import { claimDueSubscriptions } from './subscription-claim.ts';

/** Timings tests shorten; the defaults are the production ones (decision 0037). */
export type RefresherTimings = {
  /** How often each server looks for subscriptions due a refresh. */
  pollMs?: number;
  /** How long a claim holds a subscription. */
  leaseMs?: number;
};

export const REFRESHER_DEFAULTS = { pollMs: 60_000, leaseMs: REFRESH_LEASE_MS } as const;
/**
 * Subscriptions one server claims at a time. They are refreshed one after another: each may hold a 5 MB file and
 * its parse, and one at a time keeps a server's memory flat however many are due.
 */
const CLAIM_BATCH = 4;

/**
 * Refreshes every subscription when it falls due (every 30 minutes), once across all servers: every `pollMs` each
 * server claims due ones with a lease (subscription-claim.ts) and refreshes them. The first poll runs at once, so
 * subscriptions whose time passed while every server was down are fetched on start-up. Stops on `closing`: no
 * more claims; a claim not finished is taken again when its lease runs out.
 */
export function createSubscriptionRefresher(
  options: SubscriptionDeps & { closing?: AbortSignal | undefined } & RefresherTimings,
) {
  const pollMs = options.pollMs ?? REFRESHER_DEFAULTS.pollMs;
  const leaseMs = options.leaseMs ?? REFRESHER_DEFAULTS.leaseMs;
  let stopped = false;
  let polling: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function pollOnce(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const claims = await claimDueSubscriptions(options.db, { limit: CLAIM_BATCH, leaseMs });
      for (const claim of claims) {
        // Stopping leaves the rest to their leases: another server takes them when they run out.
        if (stopped) return;
        await refreshClaimed(options, claim);
      }
      if (claims.length < CLAIM_BATCH) return;
    }
  }

  /** Refreshes what is due now; a call while a poll runs joins it. */
  function poll(): Promise<void> {
    if (stopped) return Promise.resolve();
    polling ??= pollOnce()
      .catch((error: unknown) => {
        if (!stopped)
          options.logger.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'looking for calendar subscriptions to refresh failed',
          );
      })
      .finally(() => {
        polling = null;
      });
    return polling;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void poll().finally(schedule);
    }, pollMs);
    timer.unref();
  }

  function stop(): void {
    stopped = true;
    clearTimeout(timer);
  }

  if (options.closing?.aborted) stop();
  else {
    options.closing?.addEventListener('abort', stop, { once: true });
    void poll().finally(schedule);
  }

  return {
    poll,
    /** Resolves when the poll under way (if any) has finished (tests). */
    async idle(): Promise<void> {
      while (polling) await polling;
    },
  };
}
