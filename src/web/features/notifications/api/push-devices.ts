import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushSubscriptionRequest } from '#shared/push.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/** `GET /api/push/public-key`: the key a subscription is made with (the same on every server). */
export async function getPushPublicKey(): Promise<string> {
  return (await answerOf(api.push['public-key'].$get())).publicKey;
}

/** `GET /api/push/subscriptions`: the member's devices that receive pushes, oldest first. */
export function getPushDevices(signal?: AbortSignal): Promise<PushDevice[]> {
  return answerOf(api.push.subscriptions.$get({}, { init: { signal } }));
}

export function usePushDevices() {
  return useQuery(
    queryOptions({ queryKey: notificationKeys.devices, queryFn: ({ signal }) => getPushDevices(signal) }),
  );
}

/** `POST /api/push/subscriptions`: this browser's subscription; the same endpoint again answers the same device. */
export function savePushSubscription(request: PushSubscriptionRequest): Promise<PushDevice> {
  return answerOf(api.push.subscriptions.$post({ json: request }));
}

/** `DELETE /api/push/subscriptions/{id}`: that device receives no more pushes. */
export async function removePushDevice(id: number): Promise<void> {
  await answerOf(api.push.subscriptions[':id'].$delete({ param: { id: String(id) } }));
}

/** The list is read again whatever came of it: a device removed elsewhere is gone either way. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.devices }),
  });
}

/** `POST /api/push/test`: a test notification to every device of the member; answers how many. */
export function sendTestNotification(): Promise<{ devices: number }> {
  return answerOf(api.push.test.$post());
}

export function useSendTestNotification() {
  return useMutation({ mutationFn: sendTestNotification });
}
