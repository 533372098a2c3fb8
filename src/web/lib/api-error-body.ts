import { isErrorCode } from '#shared/error-codes.ts';
import type { ApiErrorBody } from '#shared/errors.ts';

/**
 * The API's one error body (`apiErrorBodySchema` in src/shared/errors.ts), checked by hand: every page's first
 * load reads errors through here, and zod (about 25 KB gzip) stays out of that load. api-error-body.test.ts holds
 * this check to the schema's verdict.
 */
export function readApiErrorBody(value: unknown): ApiErrorBody | null {
  if (!isRecord(value) || !isRecord(value.error)) return null;
  const { code, message, fields } = value.error;
  if (!isErrorCode(code) || typeof message !== 'string') return null;
  if (fields === undefined) return { error: { code, message } };
  if (!isRecord(fields) || !Object.values(fields).every((text) => typeof text === 'string')) return null;
  return { error: { code, message, fields: fields as Record<string, string> } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
