import type { UseFormRegisterReturn } from 'react-hook-form';
import type { AspectRatio } from '#shared/generation.ts';
import { MEDIA_LIMITS } from '#shared/media.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Field, Input, Select, Textarea } from '#web/ui/field.tsx';
import { labelClass } from '#web/ui/field-classes.ts';
import type { NumberRange } from '../model/field-errors.ts';
import { aspectChoices } from './aspect-choices.ts';

/** The prompt. */
export function PromptField({
  label,
  value,
  onChange,
  placeholder,
  error,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  error?: string | undefined;
}) {
  const t = useT();
  return (
    <Field label={label ?? t('generation.field.prompt')} error={error} className="min-w-0">
      <Textarea
        value={value}
        rows={3}
        required
        maxLength={MEDIA_LIMITS.promptMax}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="resize-y"
      />
    </Field>
  );
}

type NumberFieldProps = UseFormRegisterReturn & {
  label: string;
  range: NumberRange;
  hint?: string;
  error?: string | undefined;
};

/** A whole number within the route's limits; the browser's own range check and the schema's agree. */
export function NumberField({ label, range, hint, error, ...registration }: NumberFieldProps) {
  return (
    <Field label={label} hint={hint ?? `${range.min}–${range.max}`} error={error} className="min-w-0">
      <Input {...registration} type="number" inputMode="numeric" min={range.min} max={range.max} step={1} />
    </Field>
  );
}

export type Choice<T extends string> = { value: T; label: string };

type ChoiceFieldProps<T extends string> = UseFormRegisterReturn & {
  label: string;
  choices: readonly Choice<T>[];
  hint?: string;
  error?: string | undefined;
};

/** One of a fixed list of choices (sizes, aspect ratios). */
export function ChoiceField<T extends string>({
  label,
  choices,
  hint,
  error,
  ...registration
}: ChoiceFieldProps<T>) {
  return (
    <Field label={label} hint={hint} error={error} className="min-w-0">
      <Select {...registration}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** A setting the provider fixes, shown so the member knows what they will get. */
export function FixedSetting({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span className={labelClass}>{label}</span>
      <span className="flex min-h-11 items-center rounded-2xl border border-dashed border-(--line) px-4 text-(--ink-muted)">
        {value}
      </span>
    </div>
  );
}

/** A clip's length within the provider's limits and its aspect ratio, side by side. */
export function DurationAndAspectFields({
  duration,
  range,
  aspect,
  error,
}: {
  duration: UseFormRegisterReturn;
  range: NumberRange;
  aspect: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const t = useT();
  const choices: Choice<AspectRatio>[] = aspectChoices.map((choice) => ({
    value: choice.value,
    label: t(choice.labelKey),
  }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NumberField {...duration} label={t('generation.field.duration')} range={range} error={error} />
      <ChoiceField {...aspect} label={t('generation.field.aspectRatio')} choices={choices} />
    </div>
  );
}
