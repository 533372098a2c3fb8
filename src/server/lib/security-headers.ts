import { createMiddleware } from 'hono/factory';

/**
 * Embeds the spec needs (part 2: Suno tracks, YouTube, Spotify and Google Calendar widgets); the server derives
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
    // Members may put any https page in a dashboard widget of their own (part 2 §4: "else iframe"); every frame
    // is sandboxed and its URL was rebuilt by the server (docs/decisions/0009-frames-from-any-https-page.md).
    `frame-src ${EMBED_FRAME_SOURCES.join(' ')} https:`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers on every response (security-reliability.md A1, A4). Written out rather than Hono's secureHeaders()
 * because its defaults differ where it matters: HSTS of 180 days instead of a year, no CSP, and
 * `Referrer-Policy: no-referrer`, which breaks YouTube embeds.
 */
export function securityHeaders(options: { https: boolean }) {
  const csp = contentSecurityPolicy();
  return createMiddleware(async (c, next) => {
    await next();
    const h = c.res.headers;
    // A stored media file asks for `sandbox` (serve-stored-file.ts): it keeps it, on top of the app's policy.
    h.set(
      'Content-Security-Policy',
      h.get('Content-Security-Policy') === 'sandbox' ? `${csp}; sandbox` : csp,
    );
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.https) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    h.delete('X-Powered-By');
  });
}
