import type { z } from 'zod';
import type { MessageKey, Translate } from '#web/lib/i18n/use-t.ts';
// A schema's own reasons are shown here: their words (not in the first load).
import '#web/lib/i18n/shared-texts.ts';

/** The first problem of each invalid field, by the field's name in the request body. */
export type FieldIssues = Partial<Record<string, z.core.$ZodIssue>>;
/** The first problem of each invalid field, in words, by the field's name in the request body. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldIssuesOf(error: z.ZodError): FieldIssues {
  const issues: FieldIssues = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    issues[field] ??= issue;
  }
  return issues;
}

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

/**
 * A field's problem in the interface's language: the forms' own words for the rules a member can break, else the
 * request schema's (#shared/generation.ts), which it words in the interface's language too.
 */
export function fieldErrorText(t: Translate, field: string, issue: z.core.$ZodIssue): string {
  const numbers = numberFieldKeys[field];
  if (numbers) {
    if (issue.code === 'invalid_type')
      return t(issue.expected === 'int' ? numbers.notWhole : numbers.notNumber);
    if (issue.code === 'too_small') return t(numbers.tooSmall, { min: Number(issue.minimum) });
    if (issue.code === 'too_big') return t(numbers.tooBig, { max: Number(issue.maximum) });
  }
  if (issue.code === 'too_big') return t('generation.error.tooLong', { max: Number(issue.maximum) });
  if (field === 'prompt' && issue.code === 'too_small') return t('generation.error.promptRequired');
  if (field === 'model' && issue.code === 'too_small') return t('generation.error.modelRequired');
  if (field === 'image_url' && issue.code === 'invalid_format') return t('generation.error.httpLink');
  // Worded by the schema (#shared/texts.ts) in the interface's language when it was checked.
  return issue.message;
}

/** Every field's problem, in words. */
export function fieldErrorsOf(t: Translate, issues: FieldIssues): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, issue] of Object.entries(issues)) {
    if (issue) errors[field] = fieldErrorText(t, field, issue);
  }
  return errors;
}
