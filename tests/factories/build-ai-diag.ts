import type { AiDiagResponse } from '#shared/ai.ts';

/** `GET /api/_debug/ai-diag` of a server with no AI service configured, with the services a test turns on. */
export function buildAiDiag(overrides: Partial<AiDiagResponse> = {}): AiDiagResponse {
  return {
    core: false,
    fal: false,
    falIdeogram: false,
    openrouter: false,
    straico: false,
    local: false,
    timestamp: '2026-05-04T10:00:00.000Z',
    ...overrides,
  };
}
