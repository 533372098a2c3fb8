/**
 * The browser's IANA time zone (e.g. America/Santiago). The server counts "today" (stats, badges) in the
 * member's day, so every call that depends on the day sends it. UTC when the browser will not say.
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
