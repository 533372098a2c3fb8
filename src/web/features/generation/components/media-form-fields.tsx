import { type ReactNode, useId } from 'react';
import type { AspectRatio } from '#shared/generation.ts';
import { MEDIA_LIMITS } from '#shared/media.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { aspectChoices } from './aspect-choices.ts';

export const fieldClass =
  'min-h-11 w-full rounded-2xl border border-(--line) bg-(--surface-strong) px-4 py-2 text-(--ink) placeholder:text-(--ink-muted) disabled:opacity-70 aria-invalid:border-(--danger)';
const labelClass = 'text-sm font-semibold text-(--ink)';

/** A labelled control with its hint and its error beneath, both read with it. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-(--ink-muted)">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-(--danger)">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The prompt (required: Generate stays off while it is empty). */
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
  error?: string;
}) {
  const t = useT();
  return (
    <Field label={label ?? t('generation.field.prompt')} error={error}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          value={value}
          rows={3}
          required
          maxLength={MEDIA_LIMITS.promptMax}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          className={`${fieldClass} resize-y`}
        />
      )}
    </Field>
  );
}

/** A whole number within the field's limits; the browser's own range check and the schema's agree. */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  hint,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  hint?: string;
  error?: string;
}) {
  return (
    <Field label={label} hint={hint ?? `${min}–${max}`} error={error}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          value={value}
          min={min}
          max={max}
          step={1}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          className={fieldClass}
        />
      )}
    </Field>
  );
}

export type Choice<T extends string> = { value: T; label: string };

/** One of a fixed list of choices (sizes, aspect ratios, models). */
export function ChoiceField<T extends string>({
  label,
  value,
  choices,
  onChange,
  disabled,
  hint,
  error,
}: {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  hint?: string;
  error?: string;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy }) => (
        <select
          id={id}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const chosen = choices.find((choice) => choice.value === event.target.value);
            if (chosen) onChange(chosen.value);
          }}
          className={fieldClass}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
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
  onDurationChange,
  limits,
  aspect,
  onAspectChange,
  error,
}: {
  duration: string;
  onDurationChange: (value: string) => void;
  limits: { min: number; max: number };
  aspect: AspectRatio;
  onAspectChange: (value: AspectRatio) => void;
  error?: string;
}) {
  const t = useT();
  const choices = aspectChoices.map((choice) => ({ value: choice.value, label: t(choice.labelKey) }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NumberField
        label={t('generation.field.duration')}
        value={duration}
        onChange={onDurationChange}
        min={limits.min}
        max={limits.max}
        error={error}
      />
      <ChoiceField
        label={t('generation.field.aspectRatio')}
        value={aspect}
        choices={choices}
        onChange={onAspectChange}
      />
    </div>
  );
}
