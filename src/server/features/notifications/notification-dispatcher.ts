import type { Db } from '#server/db/database.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import {
  claimDueNotifications,
  deleteFinishedNotifications,
  dropLateNotifications,
  releaseHeld,
  type ScheduledRow,
} from './dispatch-claim.ts';
import type { NotificationDelivery } from './notification-delivery.ts';

/** Timings tests shorten; the defaults are the production ones (decision 0034). */
export type DispatcherTimings = {
  /** How often each server looks for due notifications: a notification goes out at most this late (plus its send). */
  pollMs?: number;
  /**
   * How long a claim holds a notification. Longer than a send takes (a push is bounded by `PUSH_TIMEOUT_MS`, all
   * devices at once); when its holder dies, another server sends it this long after the claim.
   */
  leaseMs?: number;
};

export const DISPATCHER_DEFAULTS = { pollMs: 2_000, leaseMs: 20_000 } as const;
/** Notifications one server sends at once; the rest wait for a free slot or another server. */
const MAX_IN_FLIGHT = 32;
/** How often finished rows past retention are removed, and how many at most each time. */
const HOUSEKEEPING_EVERY_MS = 60 * 60_000;
const HOUSEKEEPING_BATCH = 1_000;

/**
 * Sends scheduled notifications (task reminders, the timer's end) and immediate ones (`notify`) exactly once from
 * whichever server claims them: every `pollMs` it drops those more than an hour late, claims due ones with a lease
 * (dispatch-claim.ts) and sends each (notification-delivery.ts), which marks it sent while still holding the lease.
 * The first poll runs at once, so notifications whose time passed while every server was down go out on start-up.
 * Stops on `closing`: no more claims, and what was claimed but not started is let go for another server.
 */
export function createNotificationDispatcher(
  options: {
    db: Db;
    delivery: NotificationDelivery;
    logger: Logger;
    /** This server's name in `locked_by`. */
    instanceId: string;
    closing?: AbortSignal;
  } & DispatcherTimings,
) {
  const { db, logger, instanceId } = options;
  const pollMs = options.pollMs ?? DISPATCHER_DEFAULTS.pollMs;
  const leaseMs = options.leaseMs ?? DISPATCHER_DEFAULTS.leaseMs;
  const running = new Set<Promise<void>>();
  let stopped = false;
  let polling: Promise<void> | null = null;
  let pollAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let lastHousekeeping = 0;

  function send(row: ScheduledRow): void {
    const sending = options.delivery
      .deliver(row, instanceId)
      .catch((error: unknown) => {
        // The lease brings it back: another server (or this one) sends it when the lease runs out.
        if (!stopped)
          logger.warn(
            { scheduledId: row.id, err: error instanceof Error ? error.message : String(error) },
            'sending a notification failed; it is sent again when its lease runs out',
          );
      })
      .finally(() => {
        running.delete(sending);
        // A slot came free: more may be due already.
        if (running.size === MAX_IN_FLIGHT - 1) void poll();
      });
    running.add(sending);
  }

  async function pollOnce(): Promise<void> {
    await dropLateNotifications(db);
    for (;;) {
      if (stopped) return;
      const free = MAX_IN_FLIGHT - running.size;
      if (free <= 0) return;
      const rows = await claimDueNotifications(db, { instanceId, limit: free, leaseMs });
      if (stopped) {
        await releaseHeld(
          db,
          rows.map((row) => row.id),
          instanceId,
        );
        return;
      }
      for (const row of rows) send(row);
      if (rows.length < free) break;
    }
    if (Date.now() - lastHousekeeping >= HOUSEKEEPING_EVERY_MS) {
      lastHousekeeping = Date.now();
      await deleteFinishedNotifications(db, HOUSEKEEPING_BATCH);
    }
  }

  /** Looks for due notifications now; a call while a poll runs makes it look once more when done. */
  function poll(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (polling) {
      pollAgain = true;
      return polling;
    }
    polling = (async () => {
      try {
        do {
          pollAgain = false;
          await pollOnce();
        } while (pollAgain && !stopped);
      } catch (error) {
        if (!stopped)
          logger.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'looking for due notifications failed',
          );
      } finally {
        polling = null;
      }
    })();
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
    // Which server holds a claim is its `locked_by`: said once, so an operator can tell the servers' claims apart.
    logger.info({ instanceId }, 'notification dispatcher started');
    options.closing?.addEventListener('abort', stop, { once: true });
    void poll().finally(schedule);
  }

  return {
    /** Looks for due notifications now (an immediate one was just written here; tests). */
    poll,
    /** Resolves when every send this server started has finished (tests, the benchmark). */
    async idle(): Promise<void> {
      while (running.size > 0 || polling) await Promise.all([...running, polling]);
    },
    get stopped() {
      return stopped;
    },
  };
}
