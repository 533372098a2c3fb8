import { randomUUID } from 'node:crypto';
import type { MediaConfig, PushConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { createNotificationDelivery } from '#server/features/notifications/notification-delivery.ts';
import {
  createNotificationDispatcher,
  type DispatcherTimings,
} from '#server/features/notifications/notification-dispatcher.ts';
import { createPushSender, PUSH_TIMEOUT_MS } from '#server/features/push/push-delivery.ts';
import { createVapidKeys } from '#server/features/push/vapid-keys.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { Lookup } from '#server/lib/infra/safe-fetch.ts';
import { createWebPushClient } from '#server/providers/web-push-client.ts';

/**
 * One server's part in sending notifications (decision 0034): the VAPID identity every server shares, Web Push to
 * members' devices (the push feature), and the dispatcher that claims due notifications and sends them (the
 * notifications feature). app.ts starts one per app; the exactly-once tests start several on one database.
 */
export function createNotificationSending(deps: {
  db: Db;
  events: EventBus;
  logger: Logger;
  now: () => Date;
  push: PushConfig;
  outbound: MediaConfig['outbound'];
  lookup?: Lookup;
  closing?: AbortSignal;
  timings?: DispatcherTimings;
  /** This server's name in `locked_by`; a fresh one when absent. */
  instanceId?: string;
}) {
  const { db, logger } = deps;
  const vapid = createVapidKeys(db, deps.push);
  const pushSender = createPushSender({
    db,
    vapid,
    logger,
    client: createWebPushClient({
      logger,
      timeoutMs: PUSH_TIMEOUT_MS,
      outbound: deps.outbound,
      ...(deps.lookup ? { lookup: deps.lookup } : {}),
    }),
  });
  const dispatcher = createNotificationDispatcher({
    db,
    delivery: createNotificationDelivery({
      db,
      events: deps.events,
      push: pushSender,
      logger,
      now: deps.now,
    }),
    logger,
    instanceId: deps.instanceId ?? randomUUID(),
    ...(deps.closing ? { closing: deps.closing } : {}),
    ...deps.timings,
  });
  return { vapid, pushSender, dispatcher };
}
