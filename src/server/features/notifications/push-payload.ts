import { cutText } from '#shared/cut-text.ts';
import { PUSH_PAYLOAD_MAX_BYTES, type PushPayload } from '#shared/notifications.ts';

const ELLIPSIS = '…';

/**
 * The payload as the JSON a push carries, at most `PUSH_PAYLOAD_MAX_BYTES`: when it is longer, the body is cut
 * (then the title, should the body alone not make room) to the longest start that fits with an ellipsis after it.
 * Found by halving, since a character takes 1 to 6 bytes of JSON (an escaped control character). `data` is a few
 * ids and never cut.
 */
export function pushPayloadJson(payload: PushPayload, maxBytes = PUSH_PAYLOAD_MAX_BYTES): string {
  const fits = (candidate: PushPayload) => Buffer.byteLength(JSON.stringify(candidate)) <= maxBytes;
  if (fits(payload)) return JSON.stringify(payload);
  let current = payload;
  for (const field of ['body', 'title'] as const) {
    const text = current[field];
    const cut = (keep: number) => ({
      ...current,
      [field]: keep > 0 ? `${cutText(text, keep)}${ELLIPSIS}` : '',
    });
    let low = 0;
    let high = text.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(cut(middle))) low = middle;
      else high = middle - 1;
    }
    current = cut(low);
    if (fits(current)) return JSON.stringify(current);
  }
  return JSON.stringify(current);
}
