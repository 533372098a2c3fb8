import type { AiProviders } from '#server/providers/ai-providers.ts';
import { providerNotConfigured } from '#server/providers/provider-errors.ts';
import type { AiProviderId } from '#shared/ai.ts';
import type { GenerationAnswer } from '#shared/generation.ts';
import { MEDIA_TEXTS } from '#shared/media.ts';
import { AVATAR_SIZE, type AvatarGenerateResponse, type AvatarStatusResponse } from '#shared/profile.ts';
import type { GenerationService } from '../generation/generation.service.ts';

/**
 * The image models avatars are made with, in order of preference: the first provider the operator configured
 * makes the avatar. fal's FLUX schnell is fast and cheap for a square portrait; the others are the image models
 * those providers offer in the catalogue.
 */
export const AVATAR_MODELS: readonly { provider: AiProviderId; model: string }[] = [
  { provider: 'fal', model: 'fal-ai/flux/schnell' },
  { provider: 'openrouter', model: 'google/gemini-2.5-flash-image' },
  { provider: 'straico', model: 'openai/dall-e-3' },
];

/** The avatar's provider and model; 503 naming FAL_KEY (the preferred one) when none is configured. */
export function chooseAvatarModel(ai: AiProviders): { provider: AiProviderId; model: string } {
  const choice = AVATAR_MODELS.find((candidate) => ai.isConfigured(candidate.provider));
  if (!choice) throw providerNotConfigured('fal');
  return choice;
}

/**
 * `POST /api/profile/avatar-generate {prompt}`: a square image job made from the member's prompt, which the
 * browser built from the chosen avatar style and the display name. Answers as every generation does: ready
 * with a url, pending with the jobId to poll, or failed with an error.
 */
export async function startAvatarGeneration(
  deps: { ai: AiProviders; generation: GenerationService },
  userId: number,
  prompt: string,
): Promise<AvatarGenerateResponse> {
  const { provider, model } = chooseAvatarModel(deps.ai);
  const answer = await deps.generation.start(userId, {
    kind: 'ai-image',
    provider,
    model,
    prompt,
    size: AVATAR_SIZE,
  });
  return { ...presentAvatarStatus(answer), jobId: answer.jobId };
}

/** `GET /api/profile/avatar-status?jobId=`: the member's own job only (another's answers 404). */
export async function getAvatarStatus(
  deps: { generation: GenerationService },
  userId: number,
  jobId: string,
): Promise<AvatarStatusResponse> {
  return presentAvatarStatus(await deps.generation.status(userId, jobId));
}

function presentAvatarStatus(answer: GenerationAnswer): AvatarStatusResponse {
  return {
    status: answer.status,
    url: answer.status === 'ready' ? (answer.url ?? answer.urls[0] ?? null) : null,
    error: answer.status === 'failed' ? (answer.error ?? MEDIA_TEXTS.generationFailed) : null,
  };
}
