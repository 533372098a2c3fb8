import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PushDevice } from '#shared/push.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { serviceWorkerReady } from '#web/lib/service-worker-ready.ts';
import { notificationKeys } from '../api/notification-keys.ts';
import { getPushPublicKey, removePushDevice, savePushSubscription } from '../api/push-devices.ts';
import {
  base64UrlBytes,
  madeWithKey,
  type PushAvailability,
  pushAvailability,
  unsubscribeThisBrowser,
} from '../model/push-support.ts';
import { keepThisDevice, readThisDevice, type ThisDevice } from '../model/this-device.ts';

/** Why push could not be turned on, as the card words it. */
export type PushSetupProblem =
  /** The browser cannot receive pushes here. */
  | 'unsupported'
  /** The member (or a policy) blocked notifications for Lumara. */
  | 'denied'
  /** The browser's question was closed without an answer. */
  | 'dismissed'
  /** No service worker runs (a development server, a worker that would not start). */
  | 'noWorker'
  /** The browser's push service refused or could not be reached. */
  | 'pushService'
  /** Lumara's server refused the subscription or could not be reached; `detail` is its reason. */
  | 'server';

export class PushSetupError extends Error {
  readonly problem: PushSetupProblem;
  readonly detail: string | undefined;

  constructor(problem: PushSetupProblem, detail?: string) {
    super(detail ?? problem);
    this.name = 'PushSetupError';
    this.problem = problem;
    this.detail = detail;
  }
}

/** The server's reason for a refusal: the field it named, else its message. */
function serverReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code === 'unknown') return undefined;
  return Object.values(error.fields)[0] ?? error.message;
}

/**
 * Turns push on for this browser: asks for the Notification permission (only now, on the member's press),
 * subscribes through the running service worker with the server's key (a subscription made with another key is
 * replaced), and sends it with the device's name. Throws a PushSetupError naming what stopped it.
 */
async function subscribeThisBrowser(label: string): Promise<{ device: PushDevice; endpoint: string }> {
  if (pushAvailability() === 'unsupported') throw new PushSetupError('unsupported');
  let permission = window.Notification.permission;
  if (permission !== 'granted') permission = await window.Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
  const registration = await serviceWorkerReady();
  if (!registration) throw new PushSetupError('noWorker');

  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64UrlBytes(await getPushPublicKey());
  } catch (error) {
    throw new PushSetupError('server', serverReason(error));
  }
  let subscription: PushSubscription | null;
  try {
    subscription = await registration.pushManager.getSubscription();
    if (subscription && !madeWithKey(subscription, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch (error) {
    // The browser says why in English only ("Registration failed - push service error"): for the log.
    console.warn('Push subscription failed', error);
    throw new PushSetupError('pushService');
  }
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushSetupError('pushService');
  try {
    const device = await savePushSubscription({
      endpoint,
      expirationTime: expirationTime ?? null,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      label,
    });
    return { device, endpoint };
  } catch (error) {
    throw new PushSetupError('server', serverReason(error));
  }
}

/** The endpoint this browser is subscribed with now; null when none (or push cannot work here). */
async function currentEndpoint(): Promise<string | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/**
 * This browser as one of the member's push devices: whether it can receive pushes, whether it does (its
 * subscription is the one the server knows as `thisDeviceId`), and turning it on and off.
 */
export function useThisDevicePush(memberId: number, label: string) {
  const queryClient = useQueryClient();
  const [availability, setAvailability] = useState<PushAvailability>(pushAvailability);
  const [kept, setKept] = useState<ThisDevice | null>(() => readThisDevice(memberId));
  // Undefined until the browser has said.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    if (availability === 'unsupported') {
      setEndpoint(null);
      return;
    }
    let current = true;
    currentEndpoint()
      .then((found) => current && setEndpoint(found))
      .catch(() => current && setEndpoint(null));
    return () => {
      current = false;
    };
  }, [availability]);

  const remember = (device: ThisDevice | null) => {
    keepThisDevice(memberId, device);
    setKept(device);
  };

  const enable = useMutation({
    mutationFn: () => subscribeThisBrowser(label),
    onSuccess: ({ device, endpoint: subscribed }) => {
      remember({ id: device.id, endpoint: subscribed });
      setEndpoint(subscribed);
    },
    onError: (error) => {
      if (error instanceof PushSetupError && error.problem === 'denied') setAvailability('denied');
    },
    onSettled: () => {
      setAvailability(pushAvailability());
      return queryClient.invalidateQueries({ queryKey: notificationKeys.devices });
    },
  });

  const thisDeviceId = kept && endpoint && kept.endpoint === endpoint ? kept.id : null;

  const disable = useMutation({
    mutationFn: async () => {
      if (thisDeviceId !== null) await removePushDevice(thisDeviceId);
      await unsubscribeThisBrowser();
    },
    onSuccess: () => {
      remember(null);
      setEndpoint(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.devices }),
  });

  return { availability, checking: endpoint === undefined, thisDeviceId, enable, disable };
}
