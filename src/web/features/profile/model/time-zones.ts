/**
 * Every zone the browser knows (Intl.supportedValuesOf), with `current` added should the list lack it (a zone
 * saved elsewhere, or 'UTC', which some engines leave out), sorted.
 */
export function timeZoneChoices(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // An engine without the list still offers the current zone.
  }
  return [...new Set([...zones, current, 'UTC'])].filter(Boolean).sort();
}
