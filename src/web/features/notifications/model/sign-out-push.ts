import { removePushDevice } from '../api/push-devices.ts';
import { unsubscribeThisBrowser } from './push-support.ts';
import { keepThisDevice, readThisDevice } from './this-device.ts';

/** Sign-out waits this long at most for the push clean-up: a slow network must not hold the member. */
const CLEAN_UP_MS = 3_000;

/**
 * At sign-out, this browser stops receiving the member's pushes: whoever uses it next must not see their
 * reminders. The server forgets this device while the session still stands, and the browser's own subscription
 * ends, so even a device the server could not be told about is refused by the push service from then on (the
 * server then removes it at its next push, as it does every 410). Never throws.
 */
export async function stopPushAtSignOut(memberId: number): Promise<void> {
  const device = readThisDevice(memberId);
  keepThisDevice(memberId, null);
  const cleanUp = Promise.allSettled([
    device ? removePushDevice(device.id) : Promise.resolve(),
    unsubscribeThisBrowser(),
  ]);
  await Promise.race([cleanUp, new Promise((resolve) => setTimeout(resolve, CLEAN_UP_MS))]);
}
