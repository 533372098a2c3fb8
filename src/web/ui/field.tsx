import { type ComponentProps, createContext, type ReactNode, useContext, useId } from 'react';
import { cn } from './cn.ts';
import { controlClass, labelClass } from './field-classes.ts';

type FieldWiring = { id: string; describedBy: string | undefined; invalid: boolean };

const FieldContext = createContext<FieldWiring | null>(null);

export type FieldProps = {
  label: ReactNode;
  /** The label is read, not shown: for a field whose placeholder and place say what it is (a one-line form). */
  hideLabel?: boolean;
  /** A line beneath the control that helps fill it in; read with the control. */
  hint?: ReactNode;
  /** A message a person can act on; marks the control invalid and is read with it. */
  error?: string | undefined;
  /** The wrapper's classes (its place in a row or grid). */
  className?: string;
  /** The label's look instead of the fields' (a toolbar's small capitals); not with `hideLabel`. */
  labelClassName?: string;
  /** The one control: Input, Select, Textarea, or any control that calls useFieldControl. */
  children: ReactNode;
};

/**
 * A labelled control with its hint and its error beneath. The control takes the label's id and is described by
 * the hint and the error, and marked invalid while there is an error, through useFieldControl.
 */
export function Field({
  label,
  hideLabel = false,
  hint,
  error,
  className,
  labelClassName = labelClass,
  children,
}: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : labelClassName}>
        {label}
      </label>
      <FieldContext value={{ id, describedBy, invalid: Boolean(error) }}>{children}</FieldContext>
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

type ControlWiring = {
  id?: string | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
};

/**
 * A control's id and ARIA from the Field around it, if any: the control's own `id` wins, its own
 * `aria-describedby` is read after the field's hint and error, and its own `aria-invalid` wins.
 */
export function useFieldControl<Props extends ControlWiring>(props: Props): Props {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy = [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid ? true : undefined),
  };
}

/** A text box with the fields' look; inside a Field it takes the field's label, hint and error. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input {...useFieldControl(props)} className={cn(controlClass, className)} />;
}

/** A native select with the fields' look; inside a Field it takes the field's label, hint and error. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select {...useFieldControl(props)} className={cn(controlClass, className)} />;
}

/** A text area with the fields' look; inside a Field it takes the field's label, hint and error. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea {...useFieldControl(props)} className={cn(controlClass, className)} />;
}

/**
 * A native checkbox in the accent colour, its own label beside it (a `<label>` around both, or `aria-label`);
 * inside a Field it takes the field's wiring.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      {...useFieldControl(props)}
      className={cn('size-5 shrink-0 accent-(--accent)', className)}
    />
  );
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> &
  Pick<FieldProps, 'label' | 'hideLabel' | 'hint' | 'error'> & {
    /** The wrapper's classes (its place in a row), as Field's. */
    className?: string;
  };

/** The common case: a labelled text box, as a Field holding an Input. */
export function TextField({ label, hideLabel, hint, error, className, ...rest }: TextFieldProps) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <Input {...rest} />
    </Field>
  );
}
