import { type ComponentProps, useId } from 'react';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** The label is read, not shown: for a field whose placeholder and place say what it is (a one-line form). */
  hideLabel?: boolean;
  /** A message a person can act on; marks the input invalid and is read with it. */
  error?: string;
};

export function TextField({ label, hideLabel = false, error, className = '', ...rest }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-semibold text-(--ink)'}>
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="min-h-11 rounded-2xl border border-(--line) bg-(--surface-strong) px-4 py-2 text-(--ink) placeholder:text-(--ink-muted) aria-invalid:border-(--danger)"
        {...rest}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-(--danger)">
          {error}
        </p>
      ) : null}
    </div>
  );
}
