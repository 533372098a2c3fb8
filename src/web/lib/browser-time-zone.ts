/** The zone the server renders a page for (src/web/entry-server.tsx), which names the browser's; null in a browser. */
let renderedFor: string | null = null;

/**
 * The browser's IANA time zone (e.g. America/Santiago). The server counts "today" (stats, badges) in the
 * member's day, so every call that depends on the day sends it. UTC when the browser will not say.
 */
export function browserTimeZone(): string {
  if (renderedFor !== null) return renderedFor;
  const now = Date.now();
  if (known === null || now - known.readAt > REREAD_AFTER_MS) known = { zone: readZone(), readAt: now };
  return known.zone;
}

/**
 * Reading the zone builds an `Intl.DateTimeFormat`, a cost every query's options paid on every render (a tenth of
 * the dashboard's scripting on a slow phone): it is read again after a minute, so a laptop that travels follows.
 */
const REREAD_AFTER_MS = 60_000;
let known: { zone: string; readAt: number } | null = null;

function readZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** On the server: the zone the browser said it is in (its cookie), for the page rendered now. */
export function renderForTimeZone(timeZone: string): void {
  renderedFor = timeZone;
}
