import type { AiProviderId } from '#shared/ai.ts';

/**
 * The image models wallpapers are made with, in order of preference: the first provider the operator
 * configured is used (the same order the server uses for avatars). When none is, the page names the keys that
 * turn them on (FAL_KEY, OPENROUTER_API_KEY or STRAICO_API_KEY: the message `profile.wallpaper.notConfigured`,
 * whose "or" each language says its own way).
 */
export const WALLPAPER_MODELS: readonly { provider: AiProviderId; model: string }[] = [
  { provider: 'fal', model: 'fal-ai/flux/schnell' },
  { provider: 'openrouter', model: 'google/gemini-2.5-flash-image' },
  { provider: 'straico', model: 'openai/dall-e-3' },
];

export function chooseImageModel(
  configured: readonly AiProviderId[],
): { provider: AiProviderId; model: string } | null {
  return WALLPAPER_MODELS.find((candidate) => configured.includes(candidate.provider)) ?? null;
}
