import type {
  AspectRatio,
  FalImageRequest,
  FalImageSize,
  FalVideoRequest,
  ImageSize,
} from '#shared/generation.ts';

/**
 * The JSON fal's models take, built from what the member asked. Video models disagree
 * on durations and aspect ratios, so the member's 3–10 s and five ratios are mapped onto what each model family
 * accepts: the nearest duration (the longer one on a tie, so a clip is never shorter than both neighbours would
 * allow), and a ratio of the same orientation when the model lacks the one asked for.
 */
type VideoFamily = {
  matches: RegExp;
  /** The durations the model accepts, in seconds, with how fal spells each. */
  durations: { seconds: number; value: string }[];
  /** The ratios it accepts; null when the model takes no `aspect_ratio` at all. */
  aspectRatios: readonly AspectRatio[] | null;
};

const videoFamilies: VideoFamily[] = [
  {
    matches: /\/kling-video\//,
    durations: [
      { seconds: 5, value: '5' },
      { seconds: 10, value: '10' },
    ],
    aspectRatios: ['16:9', '9:16', '1:1'],
  },
  {
    matches: /\/hailuo/,
    durations: [
      { seconds: 6, value: '6' },
      { seconds: 10, value: '10' },
    ],
    aspectRatios: null,
  },
  {
    matches: /\/veo/,
    durations: [
      { seconds: 4, value: '4s' },
      { seconds: 6, value: '6s' },
      { seconds: 8, value: '8s' },
    ],
    aspectRatios: ['16:9', '9:16'],
  },
];

/** Where a ratio goes when a model lacks it: first choice, then the fallback, both keeping the orientation. */
const sameOrientation: Record<AspectRatio, AspectRatio[]> = {
  '16:9': ['16:9', '4:3', '1:1'],
  '4:3': ['4:3', '16:9', '1:1'],
  '1:1': ['1:1', '16:9', '9:16'],
  '9:16': ['9:16', '3:4', '1:1'],
  '3:4': ['3:4', '9:16', '1:1'],
};

export function nearestDuration(seconds: number, durations: VideoFamily['durations']): string {
  let best = durations[0];
  for (const option of durations) {
    if (!best) break;
    const distance = Math.abs(option.seconds - seconds);
    const bestDistance = Math.abs(best.seconds - seconds);
    if (distance < bestDistance || (distance === bestDistance && option.seconds > best.seconds))
      best = option;
  }
  return best?.value ?? String(seconds);
}

export function supportedAspectRatio(asked: AspectRatio, supported: readonly AspectRatio[]): AspectRatio {
  return sameOrientation[asked].find((ratio) => supported.includes(ratio)) ?? supported[0] ?? asked;
}

export function falVideoInput(
  request: Pick<FalVideoRequest, 'prompt' | 'model' | 'duration' | 'aspect_ratio'>,
) {
  const family = videoFamilies.find((candidate) => candidate.matches.test(request.model));
  if (!family) {
    // A model this table does not know: fal's common spelling, whole seconds as text.
    return { prompt: request.prompt, duration: String(request.duration), aspect_ratio: request.aspect_ratio };
  }
  return {
    prompt: request.prompt,
    duration: nearestDuration(request.duration, family.durations),
    ...(family.aspectRatios
      ? { aspect_ratio: supportedAspectRatio(request.aspect_ratio, family.aspectRatios) }
      : {}),
  };
}

export function falImageInput(
  request: Pick<FalImageRequest, 'prompt' | 'image_size' | 'num_inference_steps' | 'num_images'>,
) {
  return {
    prompt: request.prompt,
    image_size: request.image_size,
    num_inference_steps: request.num_inference_steps,
    num_images: request.num_images,
  };
}

/** `POST /api/ai/image`'s sizes on fal's enum: the square and the two 16:9 shapes. */
const falSizeOf: Record<ImageSize, FalImageSize> = {
  '1024x1024': 'square_hd',
  '1792x1024': 'landscape_16_9',
  '1024x1792': 'portrait_16_9',
};

export function falImageInputForSize(prompt: string, size: ImageSize) {
  return { prompt, image_size: falSizeOf[size], num_images: 1 };
}
