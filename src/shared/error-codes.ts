/**
 * The one error model of the API. Every failure answers `{ error: { code, message, fields? } }` with the
 * status this table gives, so the browser branches on `code`, never on message text.
 */
export const errorStatusByCode = {
  bad_request: 400,
  validation_failed: 400,
  invalid_state: 400,
  invalid_code: 400,
  unauthenticated: 401,
  sign_in_rejected: 401,
  forbidden: 403,
  /** A personal access token whose scopes do not cover the route (src/shared/tokens.ts). */
  insufficient_scope: 403,
  cross_site_request: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  /** A file would take the member past their share of the media store (`MEDIA_QUOTA_BYTES`). */
  storage_quota_exceeded: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  sign_in_provider_failed: 502,
  provider_failed: 502,
  database_unavailable: 503,
  server_busy: 503,
  provider_not_configured: 503,
  provider_timeout: 504,
  storage_full: 507,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;

/** Whether a value is one of the codes above (the browser reads error bodies without zod: error-body.ts). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatusByCode, value);
}
