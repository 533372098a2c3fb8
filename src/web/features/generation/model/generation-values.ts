import { type AspectRatio, FAL_DEFAULTS, type FalImageSize, STRAICO_DEFAULTS } from '#shared/generation.ts';

/**
 * Every field of the studio's generation forms, as the member typed or chose it (numbers as text, the model
 * empty until one is picked); each form shows some of them and makes its request from those.
 */
export type GenerationValues = {
  model: string;
  prompt: string;
  image_size: FalImageSize;
  num_inference_steps: string;
  num_images: string;
  duration: string;
  aspect_ratio: AspectRatio;
  image_url: string;
};

/** How the fields start: the providers' usual defaults; a form with other defaults gives its own. */
export const generationDefaults: GenerationValues = {
  model: '',
  prompt: '',
  image_size: FAL_DEFAULTS.imageSize,
  num_inference_steps: String(FAL_DEFAULTS.steps),
  num_images: String(FAL_DEFAULTS.numImages),
  duration: String(STRAICO_DEFAULTS.videoSeconds),
  aspect_ratio: STRAICO_DEFAULTS.aspectRatio,
  image_url: '',
};
