import type { FieldError, FieldErrors } from 'react-hook-form';
import { modelIdSchema } from '#shared/ai.ts';
import { MEDIA_LIMITS } from '#shared/media.ts';
import type { MessageKey, Translate } from '#web/lib/i18n/use-t.ts';
import type { GenerationValues } from './generation-values.ts';
// A schema's own reasons are shown here: their words (not in the first load).
import '#web/lib/i18n/shared-texts.ts';

/** The first problem of each invalid field, in words, by the field's name in the request body. */
export type WordedErrors = Partial<Record<keyof GenerationValues, string>>;
/** A whole-number field's range, which its problem names. */
export type NumberRange = { min: number; max: number };
/** The ranges of a form's whole-number fields. */
export type NumberRanges = Partial<Record<keyof GenerationValues, NumberRange>>;

type NumberFieldKeys = {
  notNumber: MessageKey;
  notWhole: MessageKey;
  tooSmall: MessageKey;
  tooBig: MessageKey;
};

/** The forms' whole-number fields: each rule of `intInRange` (#shared/generation.ts) in the interface's words. */
const numberFieldKeys: Partial<Record<string, NumberFieldKeys>> = {
  duration: {
    notNumber: 'generation.error.durationNotNumber',
    notWhole: 'generation.error.durationNotWhole',
    tooSmall: 'generation.error.durationTooSmall',
    tooBig: 'generation.error.durationTooBig',
  },
  num_inference_steps: {
    notNumber: 'generation.error.stepsNotNumber',
    notWhole: 'generation.error.stepsNotWhole',
    tooSmall: 'generation.error.stepsTooSmall',
    tooBig: 'generation.error.stepsTooBig',
  },
  num_images: {
    notNumber: 'generation.error.imagesNotNumber',
    notWhole: 'generation.error.imagesNotWhole',
    tooSmall: 'generation.error.imagesTooSmall',
    tooBig: 'generation.error.imagesTooBig',
  },
};

/** The longest text of each text field, as the request schemas say it. */
const textMax: Partial<Record<string, number>> = {
  prompt: MEDIA_LIMITS.promptMax,
  model: modelIdSchema.maxLength ?? MEDIA_LIMITS.promptMax,
  image_url: MEDIA_LIMITS.urlMax,
};

/**
 * A field's problem in the interface's language: the request schemas' own rules (#shared/generation.ts), worded
 * by the catalogue from the kind of refusal (zod's issue code, the `type` react-hook-form keeps). A number field's
 * range is the form's; whether the text was a number at all is read from what was typed. A rule the forms cannot
 * break keeps the schema's words, which it gave in the interface's language when it checked (#shared/texts.ts).
 */
export function fieldErrorText(
  t: Translate,
  field: string,
  error: Pick<FieldError, 'type' | 'message'>,
  typed: unknown,
  range: NumberRange | undefined,
): string {
  const numbers = numberFieldKeys[field];
  if (numbers && range) {
    if (error.type === 'invalid_type')
      return t(Number.isFinite(Number(typed)) ? numbers.notWhole : numbers.notNumber);
    if (error.type === 'too_small') return t(numbers.tooSmall, { min: range.min });
    if (error.type === 'too_big') return t(numbers.tooBig, { max: range.max });
  }
  const max = textMax[field];
  if (error.type === 'too_big' && max !== undefined) return t('generation.error.tooLong', { max });
  if (field === 'prompt' && error.type === 'too_small') return t('generation.error.promptRequired');
  if (field === 'model' && error.type === 'too_small') return t('generation.error.modelRequired');
  if (field === 'image_url' && error.type === 'invalid_format') return t('generation.error.httpLink');
  return error.message ?? '';
}

/** Every field's problem, in words; worded at each render, so a switch of language rewords them. */
export function fieldErrorsOf(
  t: Translate,
  errors: FieldErrors<GenerationValues>,
  values: GenerationValues,
  ranges: NumberRanges,
): WordedErrors {
  const worded: WordedErrors = {};
  for (const field of Object.keys(values) as (keyof GenerationValues)[]) {
    const error = errors[field];
    if (error) worded[field] = fieldErrorText(t, field, error, values[field], ranges[field]);
  }
  return worded;
}
