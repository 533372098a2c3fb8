/**
 * Debian's Chromium as every browser test here runs it (never a browser Playwright downloads): the binary, and
 * the flags it needs on these machines, whose closed network refuses Chromium's background connections.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
