import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { VapidIdentity } from '#server/providers/web-push-client.ts';
import { successSchema } from '#shared/api.ts';
import {
  type PushTestResponse,
  pushDeviceListSchema,
  pushDeviceSchema,
  pushPublicKeySchema,
  pushSubscriptionRequestSchema,
  pushTestResponseSchema,
} from '#shared/push.ts';
import { listDevices, removeDevice, subscribe } from './push.service.ts';

/** Web Push: the key a browser subscribes with, the member's devices, and a test push. */
export const pushRoutes = {
  publicKey: apiRoute({
    method: 'get',
    path: '/api/push/public-key',
    operationId: 'getPushPublicKey',
    tags: ['Push'],
    summary: "The server's VAPID public key",
    description:
      'The application server key (base64url of an uncompressed P-256 point) a browser passes to ' +
      '`pushManager.subscribe` as `applicationServerKey`. The same on every server: the configured one ' +
      '(`VAPID_PUBLIC_KEY`), else one made once and kept in the database.',
    responses: { 200: json(pushPublicKeySchema, 'The VAPID public key') },
  }),
  subscribe: apiRoute({
    method: 'post',
    path: '/api/push/subscriptions',
    operationId: 'createPushSubscription',
    tags: ['Push'],
    summary: 'Receive pushes on this device',
    description:
      'The browser\'s `PushSubscription.toJSON()` and an optional `label` ("Chrome on Linux"): **201** the ' +
      'device. The same endpoint again answers the same id (its keys and label updated); an endpoint another ' +
      'member subscribed moves to this member. The endpoint must be https on a public address (no private, ' +
      'loopback or link-local address, no user info, port 443) and at most 2 KB; `keys.p256dh` a P-256 point, ' +
      '`keys.auth` 16 bytes; else **400** naming the field.',
    request: { body: jsonBody(pushSubscriptionRequestSchema) },
    responses: { 201: json(pushDeviceSchema, 'The device') },
  }),
  list: apiRoute({
    method: 'get',
    path: '/api/push/subscriptions',
    operationId: 'listPushSubscriptions',
    tags: ['Push'],
    summary: "The member's devices",
    description: 'Oldest first; never their endpoints or keys.',
    responses: { 200: json(pushDeviceListSchema, 'The devices') },
  }),
  remove: apiRoute({
    method: 'delete',
    path: '/api/push/subscriptions/{id}',
    operationId: 'deletePushSubscription',
    tags: ['Push'],
    summary: 'Stop pushes to a device',
    description: "Another member's device, or an unknown id, **404**.",
    request: { params: idParams('pushDevice') },
    responses: { 200: json(successSchema, 'Removed') },
  }),
  test: apiRoute({
    method: 'post',
    path: '/api/push/test',
    operationId: 'sendTestPush',
    tags: ['Push'],
    summary: 'Send a test notification',
    description:
      '**202**: a `push.test` notification goes out at once, the way every notification does (the centre, ' +
      "the live event, a push to each of the member's devices), whatever the settings and quiet hours say. " +
      'Answers how many devices it is pushed to.',
    responses: { 202: json(pushTestResponseSchema, 'How many devices the test goes to') },
  }),
};

export function createPushRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  vapid: () => Promise<VapidIdentity>;
  outbound: MediaConfig['outbound'];
  logger: Logger;
  sendTest: (userId: number) => Promise<PushTestResponse>;
}) {
  return createApiRouter(deps.requireMember)
    .openapi(pushRoutes.publicKey, async (c) => c.json({ publicKey: (await deps.vapid()).publicKey }, 200))
    .openapi(pushRoutes.subscribe, async (c) =>
      c.json(
        await subscribe(deps.db, memberIdOf(c), c.req.valid('json'), {
          outbound: deps.outbound,
          logger: deps.logger,
        }),
        201,
      ),
    )
    .openapi(pushRoutes.list, async (c) => c.json(await listDevices(deps.db, memberIdOf(c)), 200))
    .openapi(pushRoutes.remove, async (c) => {
      await removeDevice(deps.db, memberIdOf(c), c.req.valid('param').id);
      return c.json({ success: true as const }, 200);
    })
    .openapi(pushRoutes.test, async (c) => c.json(await deps.sendTest(memberIdOf(c)), 202));
}
