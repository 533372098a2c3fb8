import { type AiProviderId, type ModelCategory, providerCanUseTools } from './ai.ts';

/**
 * The static model catalogue: what each provider offers before any live list is merged
 * in. Straico lists 8 image, 5 video and 3 audio models. The first model of a
 * provider's first category is what the studio picks when the member switches to that provider.
 */
export const staticModelCatalogue: readonly ModelCategory[] = [
  {
    id: 'openrouter-chat',
    label: 'OpenRouter · Chat',
    provider: 'openrouter',
    kind: 'chat',
    canUseTools: providerCanUseTools('openrouter'),
    models: [
      { id: 'openrouter/auto', label: 'Auto (best model for each prompt)' },
      { id: 'openai/gpt-4o-mini', label: 'GPT-4o mini' },
      { id: 'anthropic/claude-sonnet-4.5', label: 'Claude Sonnet 4.5' },
      { id: 'google/gemini-2.5-flash', label: 'Gemini 2.5 Flash' },
      { id: 'meta-llama/llama-3.3-70b-instruct', label: 'Llama 3.3 70B' },
    ],
  },
  {
    id: 'openrouter-image',
    label: 'OpenRouter · Image',
    provider: 'openrouter',
    kind: 'image',
    models: [
      { id: 'google/gemini-2.5-flash-image', label: 'Gemini 2.5 Flash Image' },
      { id: 'black-forest-labs/flux.2-pro', label: 'FLUX.2 Pro' },
    ],
  },
  {
    id: 'straico-chat',
    label: 'Straico · Chat',
    provider: 'straico',
    kind: 'chat',
    canUseTools: providerCanUseTools('straico'),
    models: [
      { id: 'openai/gpt-4o-mini', label: 'GPT-4o mini' },
      { id: 'anthropic/claude-3.5-sonnet', label: 'Claude 3.5 Sonnet' },
      { id: 'google/gemini-2.5-flash', label: 'Gemini 2.5 Flash' },
    ],
  },
  {
    id: 'straico-image',
    label: 'Straico · Image',
    provider: 'straico',
    kind: 'image',
    models: [
      { id: 'openai/dall-e-3', label: 'DALL·E 3' },
      { id: 'openai/gpt-image-1', label: 'GPT Image 1' },
      { id: 'flux/1.1', label: 'FLUX 1.1' },
      { id: 'ideogram/V_2A', label: 'Ideogram 2a' },
      { id: 'ideogram/V_2A_TURBO', label: 'Ideogram 2a Turbo' },
      { id: 'fal-ai/flux/dev', label: 'FLUX dev (fal)' },
      { id: 'fal-ai/ideogram/v3', label: 'Ideogram 3 (fal)' },
      { id: 'fal-ai/recraft/v3/text-to-image', label: 'Recraft V3' },
    ],
  },
  {
    id: 'straico-video',
    label: 'Straico · Video',
    provider: 'straico',
    kind: 'video',
    models: [
      { id: 'kling/v2.1', label: 'Kling 2.1' },
      { id: 'kling/v2.5-turbo', label: 'Kling 2.5 Turbo' },
      { id: 'minimax/hailuo-02', label: 'Hailuo 02' },
      { id: 'google/veo-3', label: 'Veo 3' },
      { id: 'runway/gen-4-turbo', label: 'Runway Gen-4 Turbo' },
    ],
  },
  {
    id: 'straico-audio',
    label: 'Straico · Audio',
    provider: 'straico',
    kind: 'audio',
    models: [
      { id: 'eleven_multilingual_v2', label: 'ElevenLabs Multilingual v2' },
      { id: 'eleven_turbo_v2_5', label: 'ElevenLabs Turbo v2.5' },
      { id: 'eleven_v3', label: 'ElevenLabs v3' },
    ],
  },
  {
    id: 'fal-image',
    label: 'fal.ai · Image',
    provider: 'fal',
    kind: 'image',
    models: [
      { id: 'fal-ai/flux/schnell', label: 'FLUX.1 schnell' },
      { id: 'fal-ai/flux/dev', label: 'FLUX.1 dev' },
      { id: 'fal-ai/ideogram/v3', label: 'Ideogram 3' },
    ],
  },
  {
    id: 'fal-video',
    label: 'fal.ai · Video',
    provider: 'fal',
    kind: 'video',
    models: [
      { id: 'fal-ai/kling-video/v2.1/master/text-to-video', label: 'Kling 2.1 Master' },
      { id: 'fal-ai/minimax/hailuo-02/standard/text-to-video', label: 'Hailuo 02' },
      { id: 'fal-ai/veo3.1/fast', label: 'Veo 3.1 Fast' },
    ],
  },
  {
    id: 'fal-audio',
    label: 'fal.ai · Audio',
    provider: 'fal',
    kind: 'audio',
    models: [
      { id: 'fal-ai/stable-audio', label: 'Stable Audio' },
      { id: 'fal-ai/elevenlabs/tts/multilingual-v2', label: 'ElevenLabs TTS' },
      { id: 'fal-ai/minimax-music', label: 'MiniMax Music' },
    ],
  },
];

/** The categories of one provider, in catalogue order. */
export function categoriesOf(catalogue: readonly ModelCategory[], provider: AiProviderId): ModelCategory[] {
  return catalogue.filter((category) => category.provider === provider);
}

/** What the studio selects when the member switches provider: that provider's first model. */
export function firstModelOf(
  catalogue: readonly ModelCategory[],
  provider: AiProviderId,
): string | undefined {
  return categoriesOf(catalogue, provider)[0]?.models[0]?.id;
}

/** Whether a provider can hold a conversation at all (fal offers media models only). */
export function canChat(catalogue: readonly ModelCategory[], provider: AiProviderId): boolean {
  return categoriesOf(catalogue, provider).some((category) => category.kind === 'chat');
}
