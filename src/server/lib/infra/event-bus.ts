import type { LiveEvent } from '#shared/events.ts';

/**
 * Who hears an event: every signed-in member with an open page (`all`), or one member (their own badges).
 */
export type Audience = { kind: 'all' } | { kind: 'member'; userId: number };
export type Delivery = { audience: Audience; event: LiveEvent };

/**
 * The live-update bus behind `GET /api/events`. In process today: every server hears only its own publishes, so
 * behind a load balancer a Redis pub/sub implementation of this same interface fills the gap (`REDIS_URL`,
 * redis-event-bus.ts). Publishing never throws and never waits for listeners.
 */
export interface EventBus {
  publish(delivery: Delivery): void;
  /** Calls `listener` for every later delivery; answers the function that stops it. */
  subscribe(listener: (delivery: Delivery) => void): () => void;
}

export function createInProcessEventBus(): EventBus & {
  /** How many subscribers are listening: tests check that a closed connection leaves none behind. */
  listenerCount(): number;
} {
  const listeners = new Set<(delivery: Delivery) => void>();
  return {
    publish(delivery) {
      for (const listener of listeners) {
        try {
          listener(delivery);
        } catch {
          // One broken subscriber (a connection mid-close) must not stop the others hearing the event.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listenerCount: () => listeners.size,
  };
}
