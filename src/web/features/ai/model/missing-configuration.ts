import type { AiDiagResponse } from '#shared/ai.ts';

export type MissingConfiguration = { service: string; what: string };

/**
 * What the operator has not configured, from `GET /api/_debug/ai-diag` (part 1 §8: the core key, and an image
 * service for avatars), said as the variables to set.
 */
export function missingConfiguration(diag: AiDiagResponse): MissingConfiguration[] {
  const missing: MissingConfiguration[] = [];
  if (!diag.core) {
    missing.push({
      service: 'Chat, bios and research summaries',
      what: 'set OPENROUTER_API_KEY, or OPENAI_COMPAT_BASE_URL for a local model',
    });
  }
  if (!diag.fal && !diag.openrouter && !diag.straico) {
    missing.push({
      service: 'Avatar and wallpaper generation',
      what: 'set FAL_KEY (or OPENROUTER_API_KEY or STRAICO_API_KEY) for an image service',
    });
  }
  if (!diag.fal) missing.push({ service: 'fal.ai images, video and audio', what: 'set FAL_KEY' });
  if (!diag.straico) missing.push({ service: 'Straico models and media', what: 'set STRAICO_API_KEY' });
  return missing;
}
