/**
 * What the member needs to tell their devices apart ("Chrome on Linux"): the browser's and the system's names,
 * read here from the User-Agent as the server reads a session's (device-of-user-agent.ts, whose table this
 * follows): never the whole header. Order matters: browsers built on Chrome say "Chrome" too, and Chrome on iOS
 * says "Safari".
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\bCriOS\/|\b(Headless)?Chrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\//, 'Safari'],
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

export type DeviceName = { browser: string | null; os: string | null };

export function deviceOfUserAgent(userAgent: string): DeviceName {
  const header = userAgent.slice(0, 512);
  const nameOf = (table: typeof BROWSERS) => table.find(([pattern]) => pattern.test(header))?.[1] ?? null;
  return { browser: nameOf(BROWSERS), os: nameOf(SYSTEMS) };
}
