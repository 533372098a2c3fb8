import { cutText } from '#shared/cut-text.ts';
import { PUSH_PAYLOAD_MAX_BYTES, type PushPayload } from '#shared/notifications.ts';

const ELLIPSIS = '…';

/**
 * The payload as the JSON a push carries, at most `PUSH_PAYLOAD_MAX_BYTES`: when it is longer, the body is cut
 * (then the title) until it fits, with an ellipsis where it was cut. `data` is a few ids and never cut.
 */
export function pushPayloadJson(payload: PushPayload, maxBytes = PUSH_PAYLOAD_MAX_BYTES): string {
  let current = payload;
  for (;;) {
    const json = JSON.stringify(current);
    const excess = Buffer.byteLength(json) - maxBytes;
    if (excess <= 0) return json;
    const field = current.body.length > 0 ? 'body' : current.title.length > 0 ? 'title' : null;
    if (!field) return json;
    const text = current[field].endsWith(ELLIPSIS) ? current[field].slice(0, -1) : current[field];
    // A character takes at most 6 bytes as JSON (an escaped surrogate half), at least 1: cut by the excess in
    // characters, which may take a few rounds but never cuts more than needed by much.
    const keep = Math.max(0, text.length - Math.max(1, Math.ceil(excess / 2)) - 1);
    current = { ...current, [field]: keep > 0 ? `${cutText(text, keep)}${ELLIPSIS}` : '' };
  }
}
