import { storedValue } from '#web/lib/stored-value.ts';

/**
 * Which of the member's push devices this browser is: the id the server gave its subscription, with the
 * subscription's endpoint (a subscription the browser replaced is another device). Kept per member, as another
 * member may sign in on this browser. The server lists devices without endpoints, so only this browser knows.
 */
export type ThisDevice = { id: number; endpoint: string };

function storeFor(memberId: number) {
  return storedValue<string>(`lumara-push-device:${memberId}`, (raw) => raw ?? '');
}

export function readThisDevice(memberId: number): ThisDevice | null {
  const raw = storeFor(memberId).read();
  if (raw === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'id' in parsed &&
      'endpoint' in parsed &&
      typeof parsed.id === 'number' &&
      typeof parsed.endpoint === 'string'
    ) {
      return { id: parsed.id, endpoint: parsed.endpoint };
    }
  } catch {
    // A record this version cannot read: as if there were none.
  }
  return null;
}

export function keepThisDevice(memberId: number, device: ThisDevice | null): void {
  storeFor(memberId).write(device ? JSON.stringify(device) : '');
}
