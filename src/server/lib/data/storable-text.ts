import type { Localized } from '#shared/texts.ts';
import { say } from '../http/request-language.ts';

/**
 * Text PostgreSQL refuses to store, refused at the edge instead: a NUL (text never holds U+0000:
 * 22021 "invalid byte sequence") and a lone UTF-16 surrogate. `"\ud800"` is valid JSON; in a text column the
 * driver quietly sends it as U+FFFD, but in jsonb (generation inputs, quick-action payloads) PostgreSQL refuses
 * it (22P02), so a query would fail as a 500. `\p{Cs}` with the `u` flag matches only unpaired surrogates.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export function unstorableReason(text: string): Localized | null {
  if (text.includes('\u0000')) return say('server.validation.nulCharacter');
  if (LONE_SURROGATE.test(text)) return say('server.validation.loneSurrogate');
  return null;
}

/**
 * Walks a parsed JSON value, keys and strings alike, and answers the first field whose text cannot be stored
 * (its dotted path, '(body)' for the value itself) and why. Iterative: JSON nested thousands deep is walked
 * whole without growing the stack.
 */
export function findUnstorableText(value: unknown): { field: string; reason: Localized } | null {
  const pending: { value: unknown; path: string; key?: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const keyReason = next.key === undefined ? null : unstorableReason(next.key);
    if (keyReason) return { field: next.path, reason: keyReason };
    if (typeof next.value === 'string') {
      const reason = unstorableReason(next.value);
      if (reason) return { field: next.path || '(body)', reason };
    } else if (next.value !== null && typeof next.value === 'object') {
      // Pushed last to first, so fields are looked at in the order they were sent.
      for (const [key, item] of Object.entries(next.value).reverse()) {
        pending.push({ value: item, path: next.path ? `${next.path}.${key}` : key, key });
      }
    }
  }
  return null;
}
