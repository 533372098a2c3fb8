import { type AspectRatio, aspectRatios } from '#shared/generation.ts';

const aspectNames: Record<AspectRatio, string> = {
  '16:9': 'landscape',
  '9:16': 'portrait',
  '1:1': 'square',
  '4:3': 'classic',
  '3:4': 'classic portrait',
};

/** Part 2 §9's aspect options, in its order: 16:9, 9:16, 1:1, 4:3, 3:4. */
export const aspectChoices = aspectRatios.map((ratio) => ({
  value: ratio,
  label: `${ratio} (${aspectNames[ratio]})`,
}));
