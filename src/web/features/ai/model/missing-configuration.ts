import type { AiDiagResponse } from '#shared/ai.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/** A service the server lacks and what the operator sets to turn it on, as message keys. */
export type MissingConfiguration = { service: MessageKey; what: MessageKey };

/**
 * What the operator has not configured, from `GET /api/_debug/ai-diag` (the core key, and an image
 * service for avatars), said as the variables to set.
 */
export function missingConfiguration(diag: AiDiagResponse): MissingConfiguration[] {
  const missing: MissingConfiguration[] = [];
  if (!diag.core) missing.push({ service: 'ai.status.service.core', what: 'ai.status.setting.core' });
  if (!diag.fal && !diag.openrouter && !diag.straico) {
    missing.push({ service: 'ai.status.service.images', what: 'ai.status.setting.images' });
  }
  if (!diag.fal) missing.push({ service: 'ai.status.service.fal', what: 'ai.status.setting.fal' });
  if (!diag.straico)
    missing.push({ service: 'ai.status.service.straico', what: 'ai.status.setting.straico' });
  return missing;
}
