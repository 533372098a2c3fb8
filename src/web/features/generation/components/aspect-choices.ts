import { type AspectRatio, aspectRatios } from '#shared/generation.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/** Each ratio with its name, as one message: "16:9 (landscape)". */
const aspectLabelKeys: Record<AspectRatio, MessageKey> = {
  '16:9': 'generation.aspect.landscape',
  '9:16': 'generation.aspect.portrait',
  '1:1': 'generation.aspect.square',
  '4:3': 'generation.aspect.classic',
  '3:4': 'generation.aspect.classicPortrait',
};

/** The aspect options, in this order: 16:9, 9:16, 1:1, 4:3, 3:4. */
export const aspectChoices = aspectRatios.map((ratio) => ({
  value: ratio,
  labelKey: aspectLabelKeys[ratio],
}));
