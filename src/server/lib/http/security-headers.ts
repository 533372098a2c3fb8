import { createMiddleware } from 'hono/factory';

/**
 * The embeds members add (Suno tracks, YouTube, Spotify and Google Calendar widgets); the server derives
 * their embed URLs from these hosts. Listed although `https:` covers them, so the providers stay named here.
 */
export const EMBED_FRAME_SOURCES = [
  'https://suno.com',
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://open.spotify.com',
  'https://calendar.google.com',
];

function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React sets style attributes (e.g. transforms while dragging); no script runs from them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // Members may put any https page in a dashboard widget of their own (any other https link becomes an
    // iframe widget); every frame is sandboxed and its URL was rebuilt by the server
    // (docs/decisions/0009-frames-from-any-https-page.md).
    `frame-src ${EMBED_FRAME_SOURCES.join(' ')} https:`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The app's Content-Security-Policy. An answer may carry a stricter one of its own (a stored file adds `sandbox`). */
export const APP_CSP = contentSecurityPolicy();

/**
 * Headers on every response, as one list. Written out rather than Hono's
 * secureHeaders() because its defaults differ where it matters: HSTS of 180 days instead of a year, no CSP, and
 * `Referrer-Policy: no-referrer`, which breaks YouTube embeds. The production server sets them on Node's response
 * before the app answers (http-server.ts), where they cost a fraction of setting them on each answer's Web
 * `Headers` (which checks the long policy character by character: 16 % of the main thread on `/healthz`); an
 * answer's own value of one of them wins.
 */
export function securityHeaderEntries(options: { https: boolean }): readonly (readonly [string, string])[] {
  return [...documentOnlyHeaders, ...headersForEveryAnswer(options)];
}

const documentOnlyHeaders = [
  ['Content-Security-Policy', APP_CSP],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
] as const;

function headersForEveryAnswer(options: { https: boolean }): readonly (readonly [string, string])[] {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...(options.https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
  ];
}

/**
 * The same headers set on each finished answer, for an app not served by `createHttpServer` (tests call the app
 * in process). An answer's own value wins here too.
 */
export function securityHeaders(options: { https: boolean }) {
  const entries = securityHeaderEntries(options);
  return createMiddleware(async (c, next) => {
    await next();
    const h = c.res.headers;
    for (const [name, value] of entries) if (!h.has(name)) h.set(name, value);
  });
}

/**
 * For the HTTP server: every answer's headers, but under /assets/ only those that concern a resource. A hashed
 * build file (a script, a style sheet, a font) is never shown as a page, so the page-level headers (the policy
 * alone is 445 bytes) would only add ~24 KiB to a dashboard's 35 files.
 */
export function securityHeadersByPath(options: { https: boolean }) {
  const everywhere = securityHeaderEntries(options);
  const assets = headersForEveryAnswer(options);
  return (path: string) => (path.startsWith('/assets/') ? assets : everywhere);
}
