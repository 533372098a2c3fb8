/**
 * What a member needs to tell their sessions and push devices apart ("Chrome on Linux"), read from the User-Agent
 * (the server's at sign-in, the browser's own when it subscribes to push). Only
 * the browser's and the system's names are kept, never the whole header (versions and build strings would make a
 * fingerprint, and nobody reads them). Order matters: browsers built on Chrome say "Chrome" too, and Chrome on
 * iOS says "Safari".
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\bCriOS\/|\b(Headless)?Chrome\//, 'Chrome'],
  // "Version/17.0 Safari/605.1.15", "Version/17.0 Mobile/15E148 Safari/604.1": written out, so no run of
  // any character sits between two repeats (a pattern read on every sign-in must stay linear).
  [/\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export type Device = { browser: string | null; os: string | null };

export function deviceOfUserAgent(userAgent: string | undefined): Device {
  const header = (userAgent ?? '').slice(0, 512);
  const nameOf = (table: typeof BROWSERS) => table.find(([pattern]) => pattern.test(header))?.[1] ?? null;
  return { browser: nameOf(BROWSERS), os: nameOf(SYSTEMS) };
}
